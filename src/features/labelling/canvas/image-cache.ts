// Decoded images by URL, so that the next item's image is ready to draw the moment it becomes current.
import type { Media } from '../../../api/types';
import { chooseImageUrl } from '../image-choice';
import { fitToView } from '../geometry/camera';
import type { Size } from '../geometry/types';

interface Entry {
  readonly promise: Promise<HTMLImageElement>;
  image?: HTMLImageElement;
}

const MAX_ENTRIES = 40;
const entries = new Map<string, Entry>();

/** Loads and decodes an image once; later calls share the same promise. */
export function loadImage(url: string): Promise<HTMLImageElement> {
  const known = entries.get(url);
  if (known) return known.promise;
  const image = new Image();
  image.src = url;
  const entry: Entry = {
    promise: image.decode().then(() => {
      entry.image = image;
      return image;
    }),
  };
  entry.promise.catch(() => entries.delete(url));
  entries.set(url, entry);
  // Oldest first: Map keeps insertion order.
  for (const oldest of entries.keys()) {
    if (entries.size <= MAX_ENTRIES) break;
    entries.delete(oldest);
  }
  return entry.promise;
}

export const decodedImage = (url: string): HTMLImageElement | undefined => entries.get(url)?.image;

/** The widest image of this media already decoded, to show while a sharper one loads. */
export function bestDecodedImage(media: Pick<Media, 'media_url' | 'resize_urls'>): HTMLImageElement | undefined {
  const urls = [media.media_url, ...Object.values(media.resize_urls)];
  return urls
    .map(decodedImage)
    .filter((image): image is HTMLImageElement => !!image)
    .sort((a, b) => b.naturalWidth - a.naturalWidth)[0];
}

/** The URL worth loading for a media shown in a viewport at `zoom` times its fit-to-view size. */
export function displayImageUrl(media: Media, viewport: Size, zoom = 1): string {
  const fit = fitToView({ width: media.image_width, height: media.image_height }, viewport);
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  return chooseImageUrl(media, media.image_width * fit.scale, dpr, zoom);
}

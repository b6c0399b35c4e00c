// Decoded images by URL, so that the next item's image is ready to draw the moment it becomes current.
import type { Media } from '../../../api/schemas/media';
import { fitToView } from '../geometry/camera';
import type { Size } from '../geometry/types';
import { chooseImageUrl } from '../../../lib/image-choice';
import { FIT_PADDING_PX } from './camera-store';

export type DecodedImage = ImageBitmap | HTMLImageElement;

interface Entry {
  readonly promise: Promise<DecodedImage>;
  /** Once decoded; one object per image, so that components can compare it. */
  displayed?: DisplayedImage;
}

/** Decoded bitmaps are not discardable as <img> memory is: a few items' worth (a 4000×3000 bitmap is 48 MB). */
const MAX_ENTRIES = 12;
const entries = new Map<string, Entry>();

/**
 * Fetches and decodes off the main thread: drawing a decoded ImageBitmap is a copy, whereas the first draw of a
 * large <img> on a canvas decodes it on the main thread (a ~100 ms frame for 4000×3000). Where fetch cannot read
 * the image (another origin without CORS) or there is no createImageBitmap, an <img> decoded ahead instead.
 */
async function fetchAndDecode(url: string): Promise<{ image: DecodedImage; file?: Blob }> {
  if (typeof createImageBitmap === 'function') {
    const response = await fetch(url).catch(() => null);
    if (response) {
      if (!response.ok) throw new Error(`The image answered ${response.status}.`);
      const file = await response.blob();
      return { image: await createImageBitmap(file), file };
    }
  }
  const image = new Image();
  image.src = url;
  await image.decode();
  return { image };
}

const sizeOf = (image: DecodedImage) =>
  image instanceof HTMLImageElement ? { width: image.naturalWidth, height: image.naturalHeight } : { width: image.width, height: image.height };

/** Loads and decodes an image once; later calls share the same promise. */
export function loadImage(url: string): Promise<DecodedImage> {
  const known = entries.get(url);
  if (known) return known.promise;
  const entry: Entry = {
    promise: fetchAndDecode(url).then(({ image, file }) => {
      entry.displayed = { url, image, file, ...sizeOf(image) };
      return image;
    }),
  };
  entry.promise.catch(() => entries.delete(url));
  entries.set(url, entry);
  // Oldest first: Map keeps insertion order. An evicted bitmap still on screen is freed once nothing draws it.
  for (const oldest of entries.keys()) {
    if (entries.size <= MAX_ENTRIES) break;
    entries.delete(oldest);
  }
  return entry.promise;
}

export const decodedImage = (url: string): DecodedImage | undefined => entries.get(url)?.displayed?.image;

/** A decoded image of a media, at one of its resolutions, with where it came from. */
export interface DisplayedImage {
  readonly url: string;
  readonly image: DecodedImage;
  /**
   * The fetched file, for a copy decoded off the page's thread (the click-to-box worker's): copying a decoded 4000×3000
   * bitmap, and posting it to a worker, takes the page's thread 50–75 ms. Absent for an <img> decoded ahead.
   */
  readonly file?: Blob;
  readonly width: number;
  readonly height: number;
}


/** The widest image of this media already decoded: the sharpest to show, also while a sharper one loads. */
export function bestDecodedImage(media: Pick<Media, 'media_url' | 'resize_urls'>): DisplayedImage | undefined {
  const urls = [media.media_url, ...Object.values(media.resize_urls)];
  return urls
    .flatMap((url) => entries.get(url)?.displayed ?? [])
    .sort((a, b) => b.width - a.width)[0];
}

/** Whether any image of this media is loaded or loading. */
export const anyImageRequested = (media: Pick<Media, 'media_url' | 'resize_urls'>): boolean =>
  [media.media_url, ...Object.values(media.resize_urls)].some((url) => entries.has(url));

/** The URL worth loading for a media drawn at `scale` screen pixels per image pixel. */
export function imageUrlAtScale(media: Media, scale: number): string {
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  return chooseImageUrl(media, media.image_width * scale, dpr, 1);
}

/** The URL worth loading for a media shown in a viewport at `zoom` times its fit-to-view size. */
export function displayImageUrl(media: Media, viewport: Size, zoom = 1): string {
  const fit = fitToView({ width: media.image_width, height: media.image_height }, viewport, FIT_PADDING_PX);
  return imageUrlAtScale(media, fit.scale * zoom);
}

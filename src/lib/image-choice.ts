import type { Media } from '../api/schemas/media';

/**
 * The smallest resized image at least as wide as the device pixels the image covers, or the original when no
 * resize is wide enough (resize_urls only holds widths smaller than the original).
 */
export function chooseImageUrl(
  media: Pick<Media, 'media_url' | 'resize_urls' | 'image_width'>,
  displayedWidthCssPx: number,
  devicePixelRatio: number,
  zoom: number,
): string {
  const needed = Math.ceil(displayedWidthCssPx * devicePixelRatio * zoom);
  if (needed >= media.image_width) return media.media_url;
  const candidates = Object.entries(media.resize_urls)
    .map(([width, url]) => ({ width: Number(width), url }))
    .filter(({ width }) => Number.isFinite(width) && width >= needed)
    .sort((a, b) => a.width - b.width);
  return candidates[0]?.url ?? media.media_url;
}

/** The smallest resized image (the original when there is none): what a cold open can show first, soonest. */
export function previewImageUrl(media: Pick<Media, 'media_url' | 'resize_urls'>): string {
  const smallest = Object.entries(media.resize_urls)
    .map(([width, url]) => ({ width: Number(width), url }))
    .filter(({ width }) => Number.isFinite(width))
    .sort((a, b) => a.width - b.width)[0];
  return smallest?.url ?? media.media_url;
}

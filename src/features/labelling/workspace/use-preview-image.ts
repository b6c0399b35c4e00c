import { useEffect } from 'react';
import type { Media } from '../../../api/schemas/media';
import { anyImageRequested, loadImage } from '../view/image-cache';
import { previewImageUrl } from '../../../lib/image-choice';

/**
 * Starts loading the item's smallest image as soon as the item is known, while the rest of the workspace's data
 * and code arrive and before the canvas is laid out: the canvas shows it until the size it needs is decoded. An
 * item whose image was loaded ahead (the queue's next items) needs none.
 */
export function usePreviewImage(media: Media | undefined) {
  const url = media && media.image_width > 0 && !anyImageRequested(media) ? previewImageUrl(media) : null;
  useEffect(() => {
    if (url) loadImage(url).catch(() => {});
  }, [url]);
}

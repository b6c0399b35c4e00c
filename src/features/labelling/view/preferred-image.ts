import { useEffect, useState } from 'react';
import type { Media } from '../../../api/schemas/media';
import { useCameraStore } from './camera-store';
import { bestDecodedImage, decodedImage, imageUrlAtScale, loadImage } from './image-cache';

/**
 * The sharpest decoded image of the media, loading the one the camera's scale needs once the canvas is measured.
 * The component renders again only when that URL changes, not on every camera move.
 */
export function usePreferredImage(media: Media) {
  const url = useCameraStore((state) => (state.mediaId === media.media_id && state.measured ? imageUrlAtScale(media, state.camera.scale) : null));
  const [, setLoaded] = useState(0);
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const ready = url ? decodedImage(url) : undefined;
  useEffect(() => {
    if (!url || ready) return;
    let live = true;
    loadImage(url).then(
      () => live && setLoaded((n) => n + 1),
      () => live && setFailed(url),
    );
    return () => {
      live = false;
    };
  }, [url, ready, attempt]);
  // The cache forgets a failed load, so asking again fetches again.
  const retry = () => {
    setFailed(null);
    setAttempt((n) => n + 1);
  };
  return { image: bestDecodedImage(media) ?? null, failed: failed !== null && failed === url, retry };
}

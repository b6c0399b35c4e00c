// The overlay's canvas is hidden while it shows nothing (no mark under the pointer, no gesture in progress): with
// software compositing even an empty full-screen canvas is blended into every frame, and cleared on every camera
// move. The mark under the pointer changes as the camera moves, so a camera move forgets it until the pointer moves
// again, and the selection is painted with the marks: zooming and panning leave the overlay empty and hidden.
import type Konva from 'konva';
import type { RefObject } from 'react';
import { useEffect, useRef } from 'react';
import { useCameraStore } from './camera-store';
import { hoverMark } from './mark-view-store';

/** Returns the flag the overlay's draw sets (true when it painted anything); the layer's canvas follows it. */
export function useOverlayHiddenWhenEmpty(layer: RefObject<Konva.Layer | null>): RefObject<boolean> {
  const shows = useRef(false);
  useEffect(() => {
    const overlay = layer.current;
    if (!overlay) return;
    const canvas = overlay.getNativeCanvasElement();
    const follow = () => (canvas.style.visibility = shows.current ? '' : 'hidden');
    follow();
    overlay.on('draw.overlayShown', follow);
    const stop = useCameraStore.subscribe((state, previous) => state.camera !== previous.camera && hoverMark(null));
    return () => {
      overlay.off('draw.overlayShown');
      stop();
    };
  }, [layer]);
  return shows;
}

// The marks on screen are a snapshot of the marks layer, not the layer's own canvas. Konva draws the marks into its
// canvas, which is never shown; each draw is copied (createImageBitmap) into a 'bitmaprenderer' canvas that is.
// Why: with software compositing every 2D canvas on the page is copied for the compositor in every frame that
// changes anything (33 MB for a 1920×1080 canvas at twice the density), drawn or not, whereas a bitmaprenderer
// canvas hands over the bitmap it holds. While the camera moves, the snapshot is moved and scaled by a CSS
// transform (the compositor's work), so a frame costs the page nothing for the marks however many there are; the
// layer is drawn again, sharp and with the marks that came into view, once the camera has settled.
import type Konva from 'konva';
import type { RefObject } from 'react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { markMarksPainted } from '../debug-hook';
import type { Camera } from '../geometry/types';
import { useCameraStore } from './camera-store';

/** The marks are redrawn this long after the camera last moved. */
const SETTLE_MS = 150;

/** The CSS transform that moves pixels drawn with camera `from` to where camera `to` puts them. */
export function cssTransformBetween(from: Camera, to: Camera): string {
  const k = to.scale / from.scale;
  return `translate(${to.x - from.x * k}px, ${to.y - from.y * k}px) scale(${k})`;
}

/** Shows `layer`'s drawings on `plane`; `marks` is how many marks the layer draws (for the debug hook). */
export function useMarksPlane(layer: RefObject<Konva.Layer | null>, plane: RefObject<HTMLCanvasElement | null>, marks: number) {
  const count = useRef(marks);
  // Before the next frame's draw: a passive effect could run after it and report the marks before the edit.
  useLayoutEffect(() => {
    count.current = marks;
  }, [marks]);

  useEffect(() => {
    const konvaLayer = layer.current;
    const display = plane.current;
    // jsdom has no createImageBitmap: there the layer's own canvas is all there is.
    if (!konvaLayer || !display || typeof createImageBitmap !== 'function') return;
    const source = konvaLayer.getNativeCanvasElement();
    source.style.display = 'none';
    let drawnWith = useCameraStore.getState().camera;
    let latest = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const snapshot = () => {
      const camera = useCameraStore.getState().camera;
      const drawn = ++latest;
      void createImageBitmap(source).then((bitmap) => {
        if (drawn !== latest) return bitmap.close();
        display.width = bitmap.width;
        display.height = bitmap.height;
        display.getContext('bitmaprenderer')?.transferFromImageBitmap(bitmap);
        drawnWith = camera;
        display.style.transform = cssTransformBetween(drawnWith, useCameraStore.getState().camera);
        markMarksPainted(count.current);
      });
    };
    konvaLayer.on('draw.marksPlane', snapshot);

    const stop = useCameraStore.subscribe((state, previous) => {
      if (state.camera === previous.camera) return;
      display.style.transform = cssTransformBetween(drawnWith, state.camera);
      clearTimeout(timer);
      // Another item: its marks at once, not after the settling time.
      if (state.mediaId !== previous.mediaId) return konvaLayer.batchDraw();
      timer = setTimeout(() => konvaLayer.batchDraw(), SETTLE_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
      konvaLayer.off('draw.marksPlane');
    };
  }, [layer, plane]);
}

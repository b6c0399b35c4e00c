// The marks on screen are a snapshot of the marks layer, not the layer's own canvas. Konva draws the marks into its
// canvas, which is never shown; each draw is copied (createImageBitmap) into a 'bitmaprenderer' canvas that is.
// Why: with software compositing every 2D canvas on the page is copied for the compositor in every frame that
// changes anything (33 MB for a 1920×1080 canvas at twice the density), drawn or not, whereas a bitmaprenderer
// canvas hands over the bitmap it holds. While the camera moves, the snapshot is moved and scaled by a CSS
// transform (the compositor's work), so a frame costs the page nothing for the marks however many there are; the
// layer is drawn again, sharp and with the marks that came into view, once the camera has settled.
// A change of a few marks (a gesture's start or end, a selection) redraws only the part of the layer they reach
// (marks-damage.ts): among thousands of marks a full redraw is a long frame.
import type Konva from 'konva';
import type { RefObject } from 'react';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { markMarksPainted } from '../view/debug-hook';
import { boxInImage, boxOnScreen } from '../geometry/camera';
import type { Box, Camera, Size } from '../geometry/types';
import { useCameraStore } from '../view/camera-store';
import { drawMarks, drawMarksShape, type MarksScene } from './draw-marks';
import { changedMarkAreas, marksReaching, paintedExtent } from './marks-damage';

/** The marks are redrawn this long after the camera last moved. */
const SETTLE_MS = 150;

/** The CSS transform that moves pixels drawn with camera `from` to where camera `to` puts them. */
export function cssTransformBetween(from: Camera, to: Camera): string {
  const k = to.scale / from.scale;
  return `translate(${to.x - from.x * k}px, ${to.y - from.y * k}px) scale(${k})`;
}

/** Clears the parts (screen pixels) of the layer's canvas and paints there again what reaches into them. */
function repaintParts(layer: Konva.Layer, scene: MarksScene, camera: Camera, viewport: Size, parts: readonly Box[]) {
  const canvas = layer.getCanvas();
  const context = canvas.getContext();
  const k = canvas.getPixelRatio();
  context.save();
  context.setTransform(k, 0, 0, k, 0, 0);
  context.beginPath();
  for (const part of parts) context.rect(part.x0, part.y0, part.x1 - part.x0, part.y1 - part.y0);
  context.clip();
  for (const part of parts) context.clearRect(part.x0, part.y0, part.x1 - part.x0, part.y1 - part.y0);
  context.setTransform(k * camera.scale, 0, 0, k * camera.scale, k * camera.x, k * camera.y);
  const around = {
    x0: Math.min(...parts.map((part) => part.x0)),
    y0: Math.min(...parts.map((part) => part.y0)),
    x1: Math.max(...parts.map((part) => part.x1)),
    y1: Math.max(...parts.map((part) => part.y1)),
  };
  drawMarks(context, scene, camera, viewport, marksReaching(boxInImage(camera, around), camera.scale));
  context.restore();
}

/**
 * Draws `scene` on `layer` (through the Shape's scene function it returns) and shows it on `plane`; `marks` is how
 * many marks it draws (for the debug hook).
 */
export function useMarksLayer(layer: RefObject<Konva.Layer | null>, plane: RefObject<HTMLCanvasElement | null>, scene: MarksScene, marks: number) {
  const count = useRef(marks);
  const drawn = useRef(scene);
  const redrawParts = useRef((_areas: Box[]) => layer.current?.batchDraw());
  const sceneFunc = useCallback((context: Konva.Context, shape: Konva.Shape) => drawMarksShape(context, shape, drawn.current), []);

  // Before the next frame's draw: a passive effect could run after it and report the marks before the edit.
  useLayoutEffect(() => {
    count.current = marks;
    const before = drawn.current;
    drawn.current = scene;
    const areas = changedMarkAreas(before, scene);
    if (areas === null) layer.current?.batchDraw();
    else if (areas.length > 0) redrawParts.current(areas);
  }, [layer, scene, marks]);

  useEffect(() => {
    const konvaLayer = layer.current;
    const display = plane.current;
    // jsdom has no createImageBitmap: there the layer's own canvas is all there is.
    if (!konvaLayer || !display || typeof createImageBitmap !== 'function') return;
    const source = konvaLayer.getNativeCanvasElement();
    source.style.display = 'none';
    let drawnWith = useCameraStore.getState().camera;
    let layerCamera = drawnWith;
    let latest = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const snapshot = () => {
      const camera = useCameraStore.getState().camera;
      const drawnNow = ++latest;
      void createImageBitmap(source).then((bitmap) => {
        if (drawnNow !== latest) return bitmap.close();
        display.width = bitmap.width;
        display.height = bitmap.height;
        display.getContext('bitmaprenderer')?.transferFromImageBitmap(bitmap);
        drawnWith = camera;
        display.style.transform = cssTransformBetween(drawnWith, useCameraStore.getState().camera);
        markMarksPainted(count.current);
      });
    };
    konvaLayer.on('draw.marksPlane', () => {
      layerCamera = useCameraStore.getState().camera;
      snapshot();
    });
    redrawParts.current = (areas) => {
      const camera = useCameraStore.getState().camera;
      const viewport = konvaLayer.getStage()?.size();
      // The layer still holds what it drew before the camera moved: it is drawn whole once the camera settles.
      if (camera !== layerCamera || !viewport) return konvaLayer.batchDraw();
      const parts = areas.flatMap((area) => boxOnScreen(camera, paintedExtent(area, camera.scale), viewport) ?? []);
      if (parts.length === 0) return;
      repaintParts(konvaLayer, drawn.current, camera, viewport, parts);
      snapshot();
    };

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
      redrawParts.current = () => konvaLayer.batchDraw();
    };
  }, [layer, plane]);

  return sceneFunc;
}

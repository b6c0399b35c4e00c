import type Konva from 'konva';
import type { RefObject } from 'react';
import { useEffect, useRef } from 'react';
import type { Annotation } from '../type-modules/annotation';
import { moduleOf } from '../type-modules/registry';
import type { Camera } from '../geometry/types';
import { useCameraStore } from './camera-store';

/** Below this many marks a full redraw fits in a frame, and redrawing shows marks coming into view at once. */
const FREEZE_FROM_MARKS = 1000;
/** The marks are redrawn this long after the camera last moved. */
const SETTLE_MS = 150;

/** How many marks the annotation's tool paints. */
export const markCount = (annotation: Annotation): number => moduleOf(annotation).tool?.markCount(annotation) ?? 0;

/** The CSS transform that moves pixels drawn with camera `from` to where camera `to` puts them. */
export function cssTransformBetween(from: Camera, to: Camera): string {
  const k = to.scale / from.scale;
  return `translate(${to.x - from.x * k}px, ${to.y - from.y * k}px) scale(${k})`;
}

/**
 * While the camera moves, the marks layer keeps the bitmap it last drew and the compositor moves and scales it
 * with a CSS transform, so a frame costs the image only however many marks there are; the marks are redrawn
 * sharp once the camera has settled. The returned ref is true while frozen: the marks' scene functions then draw
 * nothing (the layer is not cleared either).
 */
export function useMarksFrozenWhileMoving(layer: RefObject<Konva.Layer | null>, marks: number): RefObject<boolean> {
  const frozen = useRef(false);
  const many = useRef(false);
  useEffect(() => {
    many.current = marks >= FREEZE_FROM_MARKS;
  }, [marks]);

  useEffect(() => {
    let drawnWith: Camera | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    function thaw() {
      clearTimeout(timer);
      drawnWith = null;
      if (!frozen.current) return;
      frozen.current = false;
      const current = layer.current;
      if (!current) return;
      current.getNativeCanvasElement().style.transform = '';
      current.clearBeforeDraw(true);
      current.batchDraw();
    }
    const stop = useCameraStore.subscribe((state, previous) => {
      const current = layer.current;
      if (state.camera === previous.camera) return;
      if (!current || !many.current || state.mediaId !== previous.mediaId) return thaw();
      drawnWith ??= previous.camera;
      frozen.current = true;
      current.clearBeforeDraw(false);
      const canvas = current.getNativeCanvasElement();
      canvas.style.transformOrigin = '0 0';
      canvas.style.transform = cssTransformBetween(drawnWith, state.camera);
      clearTimeout(timer);
      timer = setTimeout(thaw, SETTLE_MS);
    });
    return () => {
      stop();
      thaw();
    };
  }, [layer]);
  return frozen;
}

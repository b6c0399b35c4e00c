import type { Box, Handle, ImagePoint, Size } from './types';
import { imagePoint } from './types';

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export const boundsOfSize = ({ width, height }: Size): Box => ({ x0: 0, y0: 0, x1: width, y1: height });

export function boxFromCorners(a: ImagePoint, b: ImagePoint): Box {
  return { x0: Math.min(a.x, b.x), y0: Math.min(a.y, b.y), x1: Math.max(a.x, b.x), y1: Math.max(a.y, b.y) };
}

const boxWidth = (box: Box) => box.x1 - box.x0;
const boxHeight = (box: Box) => box.y1 - box.y0;
export const boxArea = (box: Box) => boxWidth(box) * boxHeight(box);

export function intersectBoxes(a: Box, b: Box): Box | null {
  const x0 = Math.max(a.x0, b.x0);
  const y0 = Math.max(a.y0, b.y0);
  const x1 = Math.min(a.x1, b.x1);
  const y1 = Math.min(a.y1, b.y1);
  return x0 < x1 && y0 < y1 ? { x0, y0, x1, y1 } : null;
}

/** Whether the point lies in the box grown by `margin` on every side (edges included). */
export function boxContains(box: Box, point: ImagePoint, margin = 0): boolean {
  return (
    point.x >= box.x0 - margin && point.x <= box.x1 + margin && point.y >= box.y0 - margin && point.y <= box.y1 + margin
  );
}

/** Culling test: whether any part of the box is inside the view rectangle (both in image pixels). */
export function visibleIn(box: Box, viewRect: Box): boolean {
  return box.x1 >= viewRect.x0 && box.x0 <= viewRect.x1 && box.y1 >= viewRect.y0 && box.y0 <= viewRect.y1;
}

export const clampPoint = (point: ImagePoint, bounds: Box): ImagePoint =>
  imagePoint(clamp(point.x, bounds.x0, bounds.x1), clamp(point.y, bounds.y0, bounds.y1));

/** Cuts the box to the bounds; a box wholly outside collapses onto the nearest edge. */
export function clipBox(box: Box, bounds: Box): Box {
  return {
    x0: clamp(box.x0, bounds.x0, bounds.x1),
    y0: clamp(box.y0, bounds.y0, bounds.y1),
    x1: clamp(box.x1, bounds.x0, bounds.x1),
    y1: clamp(box.y1, bounds.y0, bounds.y1),
  };
}

/** Grows a box about its centre to at least `minSize` per side, then shifts it back inside the bounds. */
export function withMinSize(box: Box, minSize: number, bounds: Box): Box {
  const grow = (lo: number, hi: number, min: number, max: number): [number, number] => {
    const size = Math.min(Math.max(hi - lo, minSize), max - min);
    const start = clamp((lo + hi) / 2 - size / 2, min, max - size);
    return [start, start + size];
  };
  const [x0, x1] = grow(box.x0, box.x1, bounds.x0, bounds.x1);
  const [y0, y1] = grow(box.y0, box.y1, bounds.y0, bounds.y1);
  return { x0, y0, x1, y1 };
}

/** Rounds to integer pixels, keeping at least one pixel per side. */
export function roundBox(box: Box): Box {
  const x0 = Math.round(box.x0);
  const y0 = Math.round(box.y0);
  return { x0, y0, x1: Math.max(x0 + 1, Math.round(box.x1)), y1: Math.max(y0 + 1, Math.round(box.y1)) };
}

/** Moves the box by delta, stopping at the bounds so that it keeps its size. */
export function translateBox(box: Box, delta: { x: number; y: number }, bounds: Box): Box {
  const dx = clamp(delta.x, bounds.x0 - box.x0, bounds.x1 - box.x1);
  const dy = clamp(delta.y, bounds.y0 - box.y0, bounds.y1 - box.y1);
  return { x0: box.x0 + dx, y0: box.y0 + dy, x1: box.x1 + dx, y1: box.y1 + dy };
}

/**
 * Moves the edges a handle owns to the pointer. An edge stops `minSize` short of the opposite edge (no flipping)
 * and at the bounds.
 */
export function resizeBox(box: Box, handle: Handle, point: ImagePoint, bounds: Box, minSize: number): Box {
  let { x0, y0, x1, y1 } = box;
  if (handle.includes('w')) x0 = clamp(point.x, bounds.x0, x1 - minSize);
  if (handle.includes('e')) x1 = clamp(point.x, x0 + minSize, bounds.x1);
  if (handle.includes('n')) y0 = clamp(point.y, bounds.y0, y1 - minSize);
  if (handle.includes('s')) y1 = clamp(point.y, y0 + minSize, bounds.y1);
  return { x0, y0, x1, y1 };
}

export function handlePosition(box: Box, handle: Handle): ImagePoint {
  const x = handle.includes('w') ? box.x0 : handle.includes('e') ? box.x1 : (box.x0 + box.x1) / 2;
  const y = handle.includes('n') ? box.y0 : handle.includes('s') ? box.y1 : (box.y0 + box.y1) / 2;
  return imagePoint(x, y);
}

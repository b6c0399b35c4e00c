import type { BoxCoords } from '../../../src/api/types';

/** A focus box as whole media pixels inside the media, at least one pixel wide and high. */
export function clampBox(box: BoxCoords, width: number, height: number): BoxCoords {
  const x0 = Math.min(width - 1, Math.max(0, Math.floor(box.x0)));
  const y0 = Math.min(height - 1, Math.max(0, Math.floor(box.y0)));
  return {
    x0,
    y0,
    x1: Math.max(x0 + 1, Math.min(width, Math.ceil(box.x1))),
    y1: Math.max(y0 + 1, Math.min(height, Math.ceil(box.y1))),
  };
}

/** Intersection over union of two boxes: 1 for the same box, 0 for boxes that do not overlap. */
export function iou(a: BoxCoords, b: BoxCoords): number {
  const width = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const height = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  if (width <= 0 || height <= 0) return 0;
  const overlap = width * height;
  const area = (box: BoxCoords) => (box.x1 - box.x0) * (box.y1 - box.y0);
  return overlap / (area(a) + area(b) - overlap);
}

import type { BoxCoords } from '../../../src/api/types';
import type { BoxRegion, PointCoords } from '../../../src/api/application-types/answer';

export function iou(a: BoxCoords, b: BoxCoords): number {
  const width = Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0));
  const height = Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));
  const intersection = width * height;
  const area = (box: BoxCoords) => (box.x1 - box.x0) * (box.y1 - box.y0);
  return intersection / (area(a) + area(b) - intersection);
}

/** For each true box, the IoU of the best proposed box (0 when none overlaps). */
export function bestIous(truth: readonly BoxCoords[], proposed: readonly BoxRegion[]): number[] {
  return truth.map((box) => Math.max(0, ...proposed.map((region) => iou(box, region.box))));
}

/** For each true point, the distance to the nearest proposed point (Infinity when none). */
export function nearestDistances(truth: readonly PointCoords[], proposed: readonly PointCoords[]): number[] {
  return truth.map((point) => Math.min(...proposed.map((other) => Math.hypot(point.x - other.x, point.y - other.y))));
}

export const mean = (values: readonly number[]): number => values.reduce((sum, v) => sum + v, 0) / values.length;

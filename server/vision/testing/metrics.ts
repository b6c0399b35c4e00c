import type { BoxCoords } from '../../../src/api/types';
import type { BoxRegion, PointCoords } from '../../../src/api/application-types/answer';
import { intersectionOverUnion } from '../../../src/api/application-types/box-detection';

/** For each true box, the IoU of the best proposed box (0 when none overlaps). */
export function bestIous(truth: readonly BoxCoords[], proposed: readonly BoxRegion[]): number[] {
  return truth.map((box) => Math.max(0, ...proposed.map((region) => intersectionOverUnion(box, region.box))));
}

/** For each true point, the distance to the nearest proposed point (Infinity when none). */
export function nearestDistances(truth: readonly PointCoords[], proposed: readonly PointCoords[]): number[] {
  return truth.map((point) => Math.min(...proposed.map((other) => Math.hypot(point.x - other.x, point.y - other.y))));
}

export const mean = (values: readonly number[]): number => values.reduce((sum, v) => sum + v, 0) / values.length;

import type { AppData, PointCoords } from '../../../src/api/application-types/answer';
import { greedyMatch } from '../../../src/api/application-types/agreement';
import { POINT_MATCH_PIXELS } from '../../../src/api/application-types/point';
import type { MeasuresOf } from '../../../src/api/schemas/measures';
import { matchedFigures, mean, reasonFor, unless, type MeasurePairs } from './held-out';

export const pointsIn = (data: AppData | null | undefined): PointCoords[] =>
  Array.isArray(data) ? data.filter((item): item is PointCoords => 'x' in item && 'y' in item) : [];

export const distance = (a: PointCoords, b: PointCoords) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * point: each answer's points (none for False) matched one to one with the model's, nearest pairs first; a true point
 * is found when its partner lies within POINT_MATCH_PIXELS. The mean distance is over every matched pair.
 */
export const measurePoints: MeasurePairs = (pairs, n): MeasuresOf<'points'> => {
  let truth = 0;
  let shown = 0;
  const distances: number[] = [];
  for (const { answer, proposal } of pairs) {
    const truePoints = answer.result === 'True' ? pointsIn(answer.app_data) : [];
    const shownPoints = pointsIn(proposal?.app_data);
    truth += truePoints.length;
    shown += shownPoints.length;
    distances.push(...greedyMatch(truePoints, shownPoints, distance, () => true, 'lower').map((pair) => pair.score));
  }
  const found = distances.filter((pixels) => pixels <= POINT_MATCH_PIXELS).length;
  const reason = reasonFor(n);
  return {
    kind: 'points',
    n,
    reason,
    tolerance: POINT_MATCH_PIXELS,
    truth_points: truth,
    shown_points: shown,
    found,
    ...matchedFigures(reason, found, truth, shown),
    mean_distance: unless(reason, mean(distances)),
  };
};

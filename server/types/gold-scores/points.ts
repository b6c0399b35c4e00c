import type { FeedbackSubjectAnswer } from '../../../src/api/application-types/answer';
import { greedyMatch } from '../../../src/api/application-types/agreement';
import { POINT_MATCH_PIXELS } from '../../../src/api/application-types/point';
import { distance, pointsIn } from '../measures/points';
import { bySubject, matchedF1 } from './by-subject';

const truePoints = (entry: FeedbackSubjectAnswer) => (entry.result === 'True' ? pointsIn(entry.app_data) : []);

/**
 * Per subject, the F1 of the answer's points matched one to one to the true ones, nearest first, within the
 * application's consensus_tolerance in pixels (POINT_MATCH_PIXELS when it is 0). False: no points.
 */
export const scorePoints = bySubject((truth, answer, tolerance) => {
  const radius = tolerance > 0 ? tolerance : POINT_MATCH_PIXELS;
  const expected = truePoints(truth);
  const given = truePoints(answer);
  const matched = greedyMatch(expected, given, distance, (pixels) => pixels <= radius, 'lower').length;
  return matchedF1(matched, expected.length, given.length);
});

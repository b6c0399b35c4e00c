import { numberIn } from '../measures/values';
import { bySubject } from './by-subject';

/** 1 within the tolerance, else falling with the error relative to the true value (at least 1): 0 from an error that large on. */
const valueScore = (truth: number, given: number, tolerance: number): number => {
  const error = Math.abs(given - truth);
  return error <= tolerance ? 1 : Math.max(0, 1 - error / Math.max(1, Math.abs(truth)));
};

/** static_count-like: per subject, the answer's count against the true one (False counts 0). */
export const scoreCounts = bySubject((truth, answer, tolerance) => {
  const countOf = (entry: typeof truth) => (entry.result === 'True' ? (numberIn(entry.app_data) ?? 0) : 0);
  return valueScore(countOf(truth), countOf(answer), tolerance);
});

/** offsets: per subject, 1 when both say False, 0 when only one does, else the answer's offset against the true one. */
export const scoreOffsets = bySubject((truth, answer, tolerance) => {
  const offsetOf = (entry: typeof truth) => (entry.result === 'True' ? numberIn(entry.app_data) : null);
  const expected = offsetOf(truth);
  const given = offsetOf(answer);
  if (expected === null || given === null) return expected === given ? 1 : 0;
  return valueScore(expected, given, tolerance);
});

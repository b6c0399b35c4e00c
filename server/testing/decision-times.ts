import { BREAK_SECONDS } from '../../src/api/schemas/labellers';

/** percentile_cont's percentile: linear between the two nearest ranks of the sorted values. */
function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = p * (sorted.length - 1);
  const low = Math.floor(rank);
  return sorted[low]! + (sorted[Math.ceil(rank)]! - sorted[low]!) * (rank - low);
}

/**
 * A labeller's timing figures recomputed the plain way from the times of their answers, for tests to hold the
 * analytics to: each answer took the gap since the one before unless it is a break.
 */
export function recomputedTimes(answerTimes: readonly number[]) {
  const times = [...answerTimes].sort((a, b) => a - b);
  const took = times.slice(1).map((time, index) => time - times[index]!).filter((gap) => gap <= BREAK_SECONDS);
  const active = took.reduce((sum, gap) => sum + gap, 0);
  const sorted = [...took].sort((a, b) => a - b);
  return {
    answers: times.length,
    active_seconds: active,
    answers_per_hour: active > 0 ? (took.length * 3600) / active : null,
    median_decision_time: percentile(sorted, 0.5),
    p90_decision_time: percentile(sorted, 0.9),
  };
}

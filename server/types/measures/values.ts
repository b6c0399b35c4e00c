import type { MeasuresOf } from '../../../src/api/schemas/measures';
import { ACCEPT_PROBABILITY } from '../../../src/api/presence';
import { mean, ratio, reasonFor, unless, type MeasurePairs } from './held-out';

export const numberIn = (data: unknown): number | null => (typeof data === 'number' ? data : null);

/** static_count: the proposed count (none: 0) against the answer's (False: 0). */
export const measureCounts: MeasurePairs = (pairs, n): MeasuresOf<'counts'> => {
  const errors = pairs.map(({ answer, proposal }) => {
    const truth = answer.result === 'True' ? (numberIn(answer.app_data) ?? 0) : 0;
    return Math.abs((numberIn(proposal?.app_data) ?? 0) - truth);
  });
  const reason = reasonFor(n);
  return {
    kind: 'counts',
    n,
    reason,
    mean_absolute_error: unless(reason, mean(errors)),
    exact: unless(reason, ratio(errors.filter((error) => error === 0).length, errors.length)),
  };
};

/**
 * offset_x, offset_y: the model gives an offset when its proposal has one and is at least ACCEPT_PROBABILITY
 * probable. Where the answer and the model both give one, their difference; the others are missed or extra.
 */
export const measureOffsets: MeasurePairs = (pairs, n): MeasuresOf<'offsets'> => {
  const errors: number[] = [];
  let missed = 0;
  let extra = 0;
  for (const { answer, proposal } of pairs) {
    const truth = answer.result === 'True' ? numberIn(answer.app_data) : null;
    const proposed = proposal && proposal.probability >= ACCEPT_PROBABILITY ? numberIn(proposal.app_data) : null;
    if (truth !== null && proposed !== null) errors.push(Math.abs(proposed - truth));
    else if (truth !== null) missed += 1;
    else if (proposed !== null) extra += 1;
  }
  const reason = reasonFor(n);
  return { kind: 'offsets', n, reason, compared: errors.length, missed, extra, mean_absolute_error: unless(reason, mean(errors)) };
};

import { describe, expect, it } from 'vitest';
import { ambiguity, AMBIGUITY_CUTOFF, feedbackPriority, leastCertainObject } from './ambiguity';
import { proposal } from './testing/proposal';

describe('ambiguity', () => {
  it('is 1 on the threshold and 0 at certainty', () => {
    expect(ambiguity(0.5)).toBe(1);
    expect(ambiguity(0)).toBe(0);
    expect(ambiguity(1)).toBe(0);
    expect(ambiguity(0.75)).toBeCloseTo(0.5);
    expect(ambiguity(0.8, 0.8)).toBe(1);
    expect(ambiguity(0, 0.8)).toBe(0);
  });
});

describe('feedbackPriority', () => {
  it('takes the most ambiguous proposal, using the subject threshold only when strictly between 0 and 1', () => {
    const proposals = [proposal({ subject_uid: 'a', probability: 0.98 }), proposal({ subject_uid: 'b', probability: 0.7 })];
    expect(feedbackPriority(proposals, {})).toBeCloseTo(0.6);
    expect(feedbackPriority(proposals, { b: 0.7 })).toBe(1);
    expect(feedbackPriority(proposals, { a: 0, b: 0 })).toBeCloseTo(0.6);
    expect(feedbackPriority([], {})).toBe(0);
  });

  it("adds the ambiguity of the proposals' objects as the type scores them", () => {
    const count = proposal({ probability: 0.99, uncal_prob: 0.45, app_data_type: 'count', app_data: 3 });
    expect(feedbackPriority([count], {})).toBeCloseTo(0.02);
    expect(feedbackPriority([count], {}, leastCertainObject)).toBeCloseTo(0.9);
  });

  it('calls a proposal ambiguous from the cut-off on', () => {
    expect(AMBIGUITY_CUTOFF).toBe(0.4);
    expect(feedbackPriority([proposal({ probability: 0.79 })], {})).toBeGreaterThanOrEqual(AMBIGUITY_CUTOFF);
    expect(feedbackPriority([proposal({ probability: 0.85 })], {})).toBeLessThan(AMBIGUITY_CUTOFF);
  });
});

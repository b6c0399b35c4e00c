import { describe, expect, it } from 'vitest';
import { ambiguity, AMBIGUITY_CUTOFF, feedbackPriority, isAmbiguous } from './ambiguity';
import type { ModelProposal } from './models/proposal';

const proposal = (overrides: Partial<ModelProposal>): ModelProposal => ({
  subject_uid: 's',
  probability: 0.5,
  uncal_prob: 0.5,
  app_data_type: null,
  app_data: null,
  ...overrides,
});

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

  it('looks at each box and at the least certain object of a set', () => {
    const boxes = proposal({
      probability: 0.99,
      uncal_prob: 0.99,
      app_data_type: 'box_set',
      app_data: [{ box: { x0: 0, y0: 0, x1: 5, y1: 5 }, probability: 0.99 }, { box: { x0: 9, y0: 9, x1: 20, y1: 20 }, probability: 0.55 }],
    });
    expect(feedbackPriority([boxes], {})).toBeCloseTo(0.9);
    const count = proposal({ probability: 0.99, uncal_prob: 0.45, app_data_type: 'count', app_data: 3 });
    expect(feedbackPriority([count], {})).toBeCloseTo(0.9);
    const offset = proposal({ probability: 0.99, uncal_prob: 0.45, app_data_type: 'offset_x', app_data: 30 });
    expect(feedbackPriority([offset], {})).toBeCloseTo(0.02);
  });

  it('calls a proposal ambiguous from the cut-off on', () => {
    expect(AMBIGUITY_CUTOFF).toBe(0.4);
    expect(isAmbiguous([proposal({ probability: 0.79 })], {})).toBe(true);
    expect(isAmbiguous([proposal({ probability: 0.85 })], {})).toBe(false);
    expect(isAmbiguous([proposal({ probability: 0.85 })], {}, 0.2)).toBe(true);
  });
});

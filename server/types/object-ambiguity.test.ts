import { describe, expect, it } from 'vitest';
import { feedbackPriority } from '../vision/ambiguity';
import { proposal } from '../vision/testing/proposal';
import { moduleOf } from './registry';

describe("the types' object ambiguity", () => {
  it('looks at each box and at the least certain object of a set, a count or points, not of an offset', () => {
    const boxes = proposal({
      probability: 0.99,
      uncal_prob: 0.99,
      app_data_type: 'box_set',
      app_data: [{ box: { x0: 0, y0: 0, x1: 5, y1: 5 }, probability: 0.99 }, { box: { x0: 9, y0: 9, x1: 20, y1: 20 }, probability: 0.55 }],
    });
    expect(feedbackPriority([boxes], {}, moduleOf('box_detection').objectAmbiguity)).toBeCloseTo(0.9);
    const count = proposal({ probability: 0.99, uncal_prob: 0.45, app_data_type: 'count', app_data: 3 });
    expect(feedbackPriority([count], {}, moduleOf('static_count').objectAmbiguity)).toBeCloseTo(0.9);
    const points = proposal({ probability: 0.99, uncal_prob: 0.45, app_data_type: 'point', app_data: [{ x: 3, y: 4 }] });
    expect(feedbackPriority([points], {}, moduleOf('point').objectAmbiguity)).toBeCloseTo(0.9);
    const offset = proposal({ probability: 0.99, uncal_prob: 0.45, app_data_type: 'offset_x', app_data: 30 });
    expect(feedbackPriority([offset], {}, moduleOf('offset_x').objectAmbiguity)).toBeCloseTo(0.02);
  });
});

import { describe, expect, it } from 'vitest';
import { POINT_MATCH_PIXELS } from '../../../src/api/application-types/point';
import { measurePoints } from './points';
import { answer, pair, proposal } from '../testing/measures';

describe('measurePoints', () => {
  it('matches points one to one, nearest first, and finds those within the tolerance', () => {
    // (0,0)–(3,4) is 5 px (found), (100,100)–(100,120) is 20 px (matched, not found), (500,500) is left over
    const pairs = [pair(answer([{ x: 0, y: 0 }, { x: 100, y: 100 }]), proposal([{ x: 3, y: 4 }, { x: 100, y: 120 }, { x: 500, y: 500 }]))];
    expect(measurePoints(pairs, 5)).toEqual({
      kind: 'points',
      n: 5,
      reason: null,
      tolerance: POINT_MATCH_PIXELS,
      truth_points: 2,
      shown_points: 3,
      found: 1,
      precision: 1 / 3,
      recall: 1 / 2,
      F1: 2 / 5,
      mean_distance: 12.5,
    });
  });

  it('gives no points recall 0 and no mean distance; a False answer makes shown points false alarms', () => {
    const pairs = [pair(answer([{ x: 10, y: 10 }])), pair(answer(), proposal([{ x: 10, y: 10 }]))];
    expect(measurePoints(pairs, 5)).toMatchObject({ truth_points: 1, shown_points: 1, found: 0, precision: 0, recall: 0, F1: 0, mean_distance: null });
  });

  it('withholds its figures below the minimum', () => {
    const measures = measurePoints([pair(answer([{ x: 0, y: 0 }]), proposal([{ x: 0, y: 0 }]))], 1);
    expect(measures).toMatchObject({ reason: 'not_enough_answers', found: 1, precision: null, recall: null, F1: null, mean_distance: null });
  });
});

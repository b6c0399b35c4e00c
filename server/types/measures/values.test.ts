import { describe, expect, it } from 'vitest';
import { measureCounts, measureOffsets } from './values';
import { answer, pair, proposal } from '../testing/measures';

describe('measureCounts', () => {
  it('is the mean absolute error of the counts (False and no proposal: 0) and the share counted exactly', () => {
    const pairs = [
      pair(answer(3), proposal(3)),
      pair(answer(5), proposal(2)),
      pair(answer(), proposal(1)),
      pair(answer()),
      pair(answer(4), proposal(4)),
    ];
    // errors 0, 3, 1, 0, 0
    expect(measureCounts(pairs, 5)).toEqual({ kind: 'counts', n: 5, reason: null, mean_absolute_error: 0.8, exact: 0.6 });
  });

  it('says "not enough answers" instead of a perfect score on few answers', () => {
    expect(measureCounts([pair(answer(2), proposal(2))], 1)).toEqual({ kind: 'counts', n: 1, reason: 'not_enough_answers', mean_absolute_error: null, exact: null });
  });
});

describe('measureOffsets', () => {
  it('compares offsets both give (the model when at least 0.5 probable), and counts the missed and extra ones', () => {
    const pairs = [
      pair(answer(100), proposal(104, 0.9)),
      pair(answer(50), proposal(40, 0.3)), // too doubtful: missed
      pair(answer(), proposal(10, 0.8)), // extra
      pair(answer(200), proposal(190, 0.7)),
      pair(answer(), proposal(null, 0.1)),
    ];
    expect(measureOffsets(pairs, 5)).toEqual({ kind: 'offsets', n: 5, reason: null, compared: 2, missed: 1, extra: 1, mean_absolute_error: 7 });
  });

  it('has no error to give when nothing was compared', () => {
    expect(measureOffsets(Array.from({ length: 5 }, () => pair(answer(30))), 5)).toMatchObject({ compared: 0, missed: 5, mean_absolute_error: null });
  });
});

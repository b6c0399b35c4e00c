import { describe, expect, it } from 'vitest';
import type { SubjectBox } from '../../contract/frames';
import { interpolateBoxes } from './interpolate';

const box = (x0: number, y0: number, x1: number, y1: number, subject_uid = 'person'): SubjectBox => ({ x0, y0, x1, y1, subject_uid });

describe('interpolateBoxes', () => {
  it('moves a box linearly between the key frames, rounded to whole pixels', () => {
    const before = { frame: 10, boxes: [box(0, 0, 10, 10)] };
    const after = { frame: 40, boxes: [box(30, 3, 50, 20)] };
    expect(interpolateBoxes(before, after, 20)).toEqual([box(10, 1, 23, 13)]);
    expect(interpolateBoxes(before, after, 30)).toEqual([box(20, 2, 37, 17)]);
  });

  it('pairs boxes of the same class by overlap, not by order', () => {
    const before = { frame: 0, boxes: [box(0, 0, 10, 10), box(100, 100, 110, 110)] };
    const after = { frame: 2, boxes: [box(102, 100, 112, 110), box(2, 0, 12, 10)] };
    expect(interpolateBoxes(before, after, 1)).toEqual([box(1, 0, 11, 10), box(101, 100, 111, 110)]);
  });

  it('takes the best overlap first when one box overlaps two', () => {
    const before = { frame: 0, boxes: [box(0, 0, 20, 20), box(10, 0, 30, 20)] };
    const after = { frame: 2, boxes: [box(12, 0, 32, 20)] };
    // The second box overlaps the later one more; the first, left alone on the nearer (earlier) side, stays.
    expect(interpolateBoxes(before, after, 1)).toEqual([box(11, 0, 31, 20), box(0, 0, 20, 20)]);
  });

  it('never pairs boxes of different classes', () => {
    const before = { frame: 0, boxes: [box(0, 0, 10, 10, 'person')] };
    const after = { frame: 4, boxes: [box(0, 0, 10, 10, 'car')] };
    expect(interpolateBoxes(before, after, 1)).toEqual([box(0, 0, 10, 10, 'person')]);
    expect(interpolateBoxes(before, after, 3)).toEqual([box(0, 0, 10, 10, 'car')]);
  });

  it('pairs boxes that do not overlap in order', () => {
    const before = { frame: 0, boxes: [box(0, 0, 10, 10), box(50, 0, 60, 10)] };
    const after = { frame: 2, boxes: [box(20, 0, 30, 10), box(80, 0, 90, 10)] };
    expect(interpolateBoxes(before, after, 1)).toEqual([box(10, 0, 20, 10), box(65, 0, 75, 10)]);
  });

  it('keeps a box without a partner only on the nearer key frame’s side, the earlier one at the midpoint', () => {
    const before = { frame: 0, boxes: [box(0, 0, 10, 10), box(200, 200, 210, 210)] };
    const after = { frame: 4, boxes: [box(4, 0, 14, 10)] };
    expect(interpolateBoxes(before, after, 1)).toEqual([box(1, 0, 11, 10), box(200, 200, 210, 210)]);
    expect(interpolateBoxes(before, after, 2)).toEqual([box(2, 0, 12, 10), box(200, 200, 210, 210)]);
    expect(interpolateBoxes(before, after, 3)).toEqual([box(3, 0, 13, 10)]);
    const appearing = { frame: 4, boxes: [box(4, 0, 14, 10), box(300, 0, 310, 10)] };
    expect(interpolateBoxes({ frame: 0, boxes: [box(0, 0, 10, 10)] }, appearing, 3)).toEqual([box(3, 0, 13, 10), box(300, 0, 310, 10)]);
  });

  it('refuses a frame that is not strictly between the key frames', () => {
    const key = { frame: 5, boxes: [] };
    expect(() => interpolateBoxes(key, { frame: 9, boxes: [] }, 5)).toThrow(RangeError);
    expect(() => interpolateBoxes(key, { frame: 9, boxes: [] }, 10)).toThrow(RangeError);
  });
});

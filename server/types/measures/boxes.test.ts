import { describe, expect, it } from 'vitest';
import { MIN_HELD_OUT_ANSWERS } from '../../../src/api/limits';
import { averagePrecision, foundBoxes, measureBoxes } from './boxes';
import { answer, pair, proposal } from '../testing/measures';

const box = (x0: number, y0: number, x1: number, y1: number) => ({ x0, y0, x1, y1 });
const region = (b: ReturnType<typeof box>, probability: number) => ({ box: b, probability });

// Two images, three true boxes and five proposals; the hand computation is in the test below.
const t1 = box(0, 0, 10, 10);
const t2 = box(20, 20, 30, 30);
const t3 = box(0, 0, 10, 10);
const image1 = { truth: [t1, t2], proposed: [region(t1, 0.9), region(box(50, 50, 60, 60), 0.8), region(t1, 0.6), region(box(20, 20, 30, 31), 0.3)] };
const image2 = { truth: [t3], proposed: [region(box(1, 0, 10, 10), 0.7)] };

describe('foundBoxes', () => {
  it('matches one to one at IoU ≥ 0.5, the best overlap first', () => {
    // pairs by IoU: A–S2 0.9, B–S1 0.82, A–S1 0.67 (A is taken), B–S2 0.46: both found
    const [a, b] = [box(0, 0, 10, 10), box(3, 0, 13, 10)];
    const [s1, s2] = [box(2, 0, 12, 10), box(0, 0, 9, 10)];
    expect(foundBoxes([a, b], [s1, s2])).toBe(2);
    // one shown box finds one true box, however well it overlaps two
    expect(foundBoxes([a, box(1, 0, 11, 10)], [a])).toBe(1);
    expect(foundBoxes([a], [box(5, 0, 15, 10)])).toBe(0); // IoU 1/3
    expect(foundBoxes([a], [])).toBe(0);
  });
});

describe('averagePrecision', () => {
  it('is the area under the all-point interpolated precision–recall curve', () => {
    // by probability: 0.9 hit (P 1, R 1/3), 0.8 miss (1/2, 1/3), 0.7 hit in image 2 (2/3, 2/3), 0.6 the first true box
    // again (2/4, 2/3), 0.3 hit (3/5, 1). Interpolated: R 1/3 at 1, R 2/3 at 2/3, R 1 at 3/5.
    // AP = 1/3·1 + 1/3·2/3 + 1/3·3/5 = 34/45
    expect(averagePrecision([image1, image2])).toBeCloseTo(34 / 45, 10);
  });

  it('is 1 for a perfect ranking, 0 without a hit, null without true boxes', () => {
    expect(averagePrecision([{ truth: [t1], proposed: [region(t1, 0.9), region(t2, 0.2)] }])).toBe(1);
    expect(averagePrecision([{ truth: [t1], proposed: [] }])).toBe(0);
    const nine = Array.from({ length: 9 }, (_, index) => box(index * 20, 0, index * 20 + 10, 10));
    expect(averagePrecision([{ truth: nine, proposed: nine.map((truth) => region(truth, 0.9)) }])).toBe(1);
    expect(averagePrecision([{ truth: [], proposed: [region(t1, 0.9)] }])).toBeNull();
  });

  it('ranks a miss above the hit lower: AP 1/2', () => {
    expect(averagePrecision([{ truth: [t1], proposed: [region(t2, 0.9), region(t1, 0.5)] }])).toBe(0.5);
  });
});

describe('measureBoxes', () => {
  const pairs = [pair(answer(image1.truth.map((b) => ({ box: b }))), proposal(image1.proposed)), pair(answer(image2.truth.map((b) => ({ box: b }))), proposal(image2.proposed))];

  it('counts shown boxes (at least 0.5 probable) found at IoU 0.5, and AP over every box', () => {
    // shown: 0.9, 0.8 and 0.6 in image 1 (the 0.9 and 0.6 boxes both fit the first true box: one is found), 0.7 in image 2
    expect(measureBoxes(pairs, MIN_HELD_OUT_ANSWERS)).toEqual({
      kind: 'boxes',
      n: MIN_HELD_OUT_ANSWERS,
      reason: null,
      truth_boxes: 3,
      shown_boxes: 4,
      found: 2,
      precision: 0.5,
      recall: 2 / 3,
      F1: 4 / 7,
      AP: expect.closeTo(34 / 45, 10),
    });
  });

  it('gives a model that boxes nothing recall 0 and F1 0, not a perfect score', () => {
    const nothing = Array.from({ length: 6 }, () => pair(answer([{ box: t1 }]), proposal([], 0.99)));
    expect(measureBoxes(nothing, 6)).toMatchObject({ truth_boxes: 6, shown_boxes: 0, found: 0, precision: null, recall: 0, F1: 0, AP: 0 });
  });

  it('counts boxes on False answers as false alarms', () => {
    const measures = measureBoxes([pair(answer(), proposal([region(t1, 0.8)])), pair(answer([{ box: t1 }]), proposal([region(t1, 0.9)]))], 5);
    // ranked: the hit (0.9), then the false alarm (0.8): full recall at precision 1
    expect(measures).toMatchObject({ truth_boxes: 1, shown_boxes: 2, found: 1, precision: 0.5, recall: 1, AP: 1 });
  });

  it('says "not enough answers" below the minimum, with its counts but no figures', () => {
    expect(measureBoxes(pairs, MIN_HELD_OUT_ANSWERS - 1)).toEqual({
      kind: 'boxes',
      n: MIN_HELD_OUT_ANSWERS - 1,
      reason: 'not_enough_answers',
      truth_boxes: 3,
      shown_boxes: 4,
      found: 2,
      precision: null,
      recall: null,
      F1: null,
      AP: null,
    });
  });
});

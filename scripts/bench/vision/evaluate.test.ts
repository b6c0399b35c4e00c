import { describe, expect, it } from 'vitest';
import { countHits, Tally } from './evaluate';

const box = (x0: number, y0: number, x1: number, y1: number) => ({ x0, y0, x1, y1 });

describe('countHits', () => {
  it('matches each true box once, by class, at IoU 0.5, as the service measures boxes', () => {
    const truth = [{ class: 'person', box: box(0, 0, 10, 10) }, { class: 'car', box: box(20, 0, 30, 10) }];
    const proposed = [
      { class: 'person', box: box(0, 0, 10, 12), probability: 0.9 },
      { class: 'person', box: box(0, 0, 10, 10), probability: 0.5 },
      { class: 'person', box: box(20, 0, 30, 10), probability: 0.8 },
      { class: 'car', box: box(25, 0, 35, 10), probability: 0.7 },
    ];
    expect(countHits(truth, proposed)).toBe(1);
    const tally = new Tally();
    tally.add(truth, proposed);
    expect([tally.precision, tally.recall]).toEqual([0.25, 0.5]);
  });

  it('has no precision without proposals and no recall without objects, rather than a perfect 1', () => {
    const tally = new Tally();
    tally.add([], []);
    expect([tally.precision, tally.recall, tally.averagePrecision]).toEqual([null, null, null]);
  });

  it('gives a class its average precision', () => {
    const tally = new Tally();
    tally.add([{ class: 'cat', box: box(0, 0, 10, 10) }], [{ class: 'cat', box: box(20, 20, 30, 30), probability: 0.9 }, { class: 'cat', box: box(0, 0, 10, 10), probability: 0.4 }]);
    expect(tally.averagePrecision).toBe(0.5);
  });
});

import { describe, expect, it } from 'vitest';
import { countHits, Tally } from './evaluate';

const box = (x0: number, y0: number, x1: number, y1: number) => ({ x0, y0, x1, y1 });

describe('countHits', () => {
  it('matches each true box once, by class, at IoU 0.5, most probable proposal first', () => {
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
});

import { describe, expect, it } from 'vitest';
import { goldCount, interleave } from './gold-pull';

/** A random source that gives these numbers in turn. */
const drawing = (...numbers: number[]) => () => numbers.shift() ?? 0;

describe('how many gold items go with a pull', () => {
  it('makes gold the rate of the batch: the whole part always, the fraction by chance', () => {
    expect(goldCount(4, 0.5, drawing(0.99))).toBe(4);
    expect(goldCount(9, 0.1, drawing(0.99))).toBe(1);
    // 3 · 0.2 / 0.8 = 0.75: one gold item when the draw falls under 0.75, none otherwise.
    expect(goldCount(3, 0.2, drawing(0.7))).toBe(1);
    expect(goldCount(3, 0.2, drawing(0.8))).toBe(0);
  });

  it('adds none to a pull without requests, or at rate 0', () => {
    expect(goldCount(0, 0.5, drawing(0))).toBe(0);
    expect(goldCount(10, 0, drawing(0))).toBe(0);
  });

  it('puts the gold items at the places drawn, keeping the order of the others', () => {
    expect(interleave(['a', 'b', 'c'], ['G', 'H'], drawing(0, 0.99))).toEqual(['G', 'a', 'b', 'c', 'H']);
    expect(interleave(['a', 'b'], ['G'], drawing(0.5))).toEqual(['a', 'G', 'b']);
  });
});

import { describe, expect, it } from 'vitest';
import { neighbourRow, objectRows, rowAfterRemoval } from './object-rows';

const PROBABILITY: Record<string, number> = { a: 0.9, b: 0.3, c: 0.6 };
/** Marks named by letter: a, b and c are the model's (with the probabilities above), any other the labeller's. */
const source = (marks: string[]) => ({ count: marks.length, probability: (index: number) => PROBABILITY[marks[index]!], threshold: () => 0.5 });

describe('objectRows', () => {
  it('tells the model’s marks from the labeller’s and flags those under the threshold', () => {
    expect(objectRows(source(['a', 'mine', 'b']), 'drawn')).toEqual([
      { index: 0, probability: 0.9, doubtful: false },
      { index: 1, probability: undefined, doubtful: false },
      { index: 2, probability: 0.3, doubtful: true },
    ]);
  });

  it('sorts by confidence either way, with the labeller’s marks last in drawing order', () => {
    const keys = ['mine', 'a', 'b', 'other', 'c'];
    expect(objectRows(source(keys), 'least-confident').map((r) => r.index)).toEqual([2, 4, 1, 0, 3]);
    expect(objectRows(source(keys), 'most-confident').map((r) => r.index)).toEqual([1, 4, 2, 0, 3]);
  });
});

describe('neighbourRow', () => {
  const rows = objectRows(source(['a', 'b', 'c']), 'least-confident');

  it('walks the list in its shown order and stops at the ends', () => {
    expect(neighbourRow(rows, 1, 1)).toBe(2);
    expect(neighbourRow(rows, 2, 1)).toBe(0);
    expect(neighbourRow(rows, 0, 1)).toBe(0);
    expect(neighbourRow(rows, 1, -1)).toBe(1);
  });

  it('starts at the first or last row when none is active', () => {
    expect(neighbourRow(rows, null, 1)).toBe(1);
    expect(neighbourRow(rows, null, -1)).toBe(0);
    expect(neighbourRow([], null, 1)).toBeNull();
  });
});

describe('rowAfterRemoval', () => {
  const rows = objectRows(source(['a', 'b', 'c']), 'least-confident');

  it('moves to the next row in shown order, renumbered after the removal, else the previous', () => {
    expect(rowAfterRemoval(rows, 1)).toBe(1);
    expect(rowAfterRemoval(rows, 2)).toBe(0);
    expect(rowAfterRemoval(rows, 0)).toBe(1);
    expect(rowAfterRemoval(objectRows(source(['a']), 'drawn'), 0)).toBeNull();
  });
});

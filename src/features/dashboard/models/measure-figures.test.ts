import type { Measures } from '../../../api/schemas/measures';
import { figuresOf } from './measure-figures';
import { measureSentence } from './measure-words';

const counts: Measures = { kind: 'counts', n: 12, reason: null, mean_absolute_error: 0.75, exact: 0.57 };

describe('figuresOf', () => {
  it('shows a share in percent in the tables, as the sentence does (57 %, never 0.57 beside it)', () => {
    const exact = figuresOf(counts).find((figure) => figure.key === 'exact')!;
    expect(exact.format(0.57)).toBe('57 %');
    expect(measureSentence(counts)).toContain('57 % exactly right');
    expect(exact.change(0.57, 0.45)).toBe('+12 pts');
  });

  it('keeps ratios as two decimals, their change signed', () => {
    const f1 = figuresOf({ kind: 'classes', n: 20, reason: null, accuracy: 0.8, precision: 0.7, recall: 0.6, F1: 0.65, confusion: { labels: [], counts: [] } }).find(
      (figure) => figure.key === 'F1',
    )!;
    expect(f1.format(0.65)).toBe('0.65');
    expect(f1.change(0.65, 0.7)).toBe('−0.05');
  });
});

import { describe, expect, it } from 'vitest';
import type { Measures } from '../../src/api/schemas/measures';
import type { ModelEvaluation } from '../../src/api/schemas/models';
import { decideCandidate, forcedIf, isReleased } from './release-decision';

const evaluation = (measures: Measures): ModelEvaluation => ({ data_count: measures.n, model_performance: measures, model_performance_per_subject: {} });

const boxes = (n: number, figures: { precision: number | null; recall: number | null; F1: number | null }): ModelEvaluation =>
  evaluation({ kind: 'boxes', n, reason: n < 5 ? 'not_enough_answers' : null, truth_boxes: 10, shown_boxes: 10, found: 5, AP: 0.5, ...figures });

const counts = (mean_absolute_error: number | null): ModelEvaluation =>
  evaluation({ kind: 'counts', n: 8, reason: null, mean_absolute_error, exact: 0.5 });

describe('decideCandidate', () => {
  it('releases a candidate whose named figure is at least as good on the same answers', () => {
    const candidate = boxes(8, { precision: 0.6, recall: 0.8, F1: 0.7 });
    const current = boxes(8, { precision: 0.9, recall: 0.3, F1: 0.45 });
    expect(decideCandidate(candidate, current, 'best_F1')).toEqual({ outcome: 'released', n: 8, figure: 'F1', candidate: 0.7, current: 0.45 });
    expect(decideCandidate(candidate, current, 'best_recall')).toMatchObject({ outcome: 'released', figure: 'recall' });
    expect(decideCandidate(candidate, current, 'best_precision')).toEqual({ outcome: 'not_better', n: 8, figure: 'precision', candidate: 0.6, current: 0.9 });
    expect(decideCandidate(current, current, 'best_F1').outcome).toBe('released');
  });

  it('never releases on "not enough answers", however good the figures would be', () => {
    const few = boxes(3, { precision: null, recall: null, F1: null });
    expect(decideCandidate(few, few, 'best_F1')).toEqual({ outcome: 'not_enough_answers', n: 3, figure: 'F1', candidate: null, current: null });
  });

  it('keeps back a candidate whose figure cannot be taken, and releases one over a current without a value', () => {
    const none = boxes(8, { precision: null, recall: 0, F1: 0 });
    expect(decideCandidate(none, boxes(8, { precision: 0.5, recall: 0.5, F1: 0.5 }), 'best_precision').outcome).toBe('not_better');
    expect(decideCandidate(boxes(8, { precision: 0.5, recall: 0.5, F1: 0.5 }), none, 'best_precision').outcome).toBe('released');
  });

  it('prefers the lower mean absolute error for counts, whatever release_metrics says', () => {
    expect(decideCandidate(counts(1.5), counts(2), 'best_recall')).toEqual({ outcome: 'released', n: 8, figure: 'mean_absolute_error', candidate: 1.5, current: 2 });
    expect(decideCandidate(counts(2.5), counts(2), 'best_F1').outcome).toBe('not_better');
  });
});

describe('forcedIf and isReleased', () => {
  const worse = decideCandidate(counts(2.5), counts(2), 'best_F1');
  const better = decideCandidate(counts(1.5), counts(2), 'best_F1');

  it('releases a kept-back candidate when forced, recorded as forced, and keeps what the rule said', () => {
    expect(forcedIf(true, worse)).toEqual({ ...worse, outcome: 'not_better', forced: true });
    expect(isReleased(forcedIf(true, worse))).toBe(true);
    expect(isReleased(forcedIf(false, worse))).toBe(false);
  });

  it('does not call a release forced when the rule releases it anyway', () => {
    expect(forcedIf(true, better).forced).toBe(false);
    expect(isReleased(forcedIf(true, better))).toBe(true);
  });
});

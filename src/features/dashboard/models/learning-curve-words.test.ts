import { describe, expect, it } from 'vitest';
import type { LearningCurve } from '../../../api/schemas/learning-curve';
import { curveSentence, curveShortSentence } from './learning-curve-words';
import { climbingCurve } from '../testing/test-fixtures';

const levelled: LearningCurve = {
  ...climbingCurve,
  verdict: { state: 'levelled_off', step: 0.02, recent: { from_answers: 8, to_answers: 16, gain: 0.01, low: -0.03, high: 0.05 }, next_step: null },
};

const tooFew: LearningCurve = { ...climbingCurve, points: climbingCurve.points.slice(0, 2), fit: null, verdict: { state: 'too_few_releases', step: 0.02, recent: null, next_step: null } };

describe('curveSentence', () => {
  it('says a climbing curve climbs, by how much, and what the next step costs', () => {
    expect(curveSentence(climbingCurve)).toBe(
      'Still climbing: the last releases (from 8 to 16 answers) raised F1 by 0.06 (90 % interval +0.02 to +0.10). The fitted curve needs about 24 more answers for the next +0.02 of F1.',
    );
    expect(curveShortSentence(climbingCurve)).toBe('What more answers buy: the model still improves, about 24 more answers for the next +0.02 of F1.');
  });

  it('says a curve levelled off within the uncertainty', () => {
    expect(curveSentence(levelled)).toBe(
      'Levelled off: the last releases (from 8 to 16 answers) raised F1 by 0.01, within the uncertainty (90 % interval −0.03 to +0.05). More answers of the same kind buy little for now.',
    );
    expect(curveShortSentence(levelled)).toBe('What more answers buy: little. The last releases no longer improved F1 beyond the uncertainty.');
  });

  it('says releases that changed nothing on any resample left the figure unchanged', () => {
    const unchanged: LearningCurve = { ...levelled, verdict: { ...levelled.verdict, recent: { from_answers: 8, to_answers: 16, gain: 0, low: 0, high: 0 } } };
    expect(curveSentence(unchanged)).toBe('Levelled off: the last releases (from 8 to 16 answers) left F1 unchanged. More answers of the same kind buy little for now.');
  });

  it('says an error that fell was lowered', () => {
    const counts: LearningCurve = { ...climbingCurve, figure: 'mean_absolute_error', verdict: { ...climbingCurve.verdict, next_step: { answers: 40, gain: -0.05 } } };
    expect(curveSentence(counts)).toContain('lowered mean absolute error by 0.06');
    expect(curveSentence(counts)).toContain('about 40 more answers for the next −0.05 of mean absolute error');
  });

  it('says too few releases, with how many are measured', () => {
    expect(curveSentence(tooFew)).toBe('Too few releases yet to tell what more answers buy: 2 measured on the same 6 held-out answers, 3 needed.');
  });
});

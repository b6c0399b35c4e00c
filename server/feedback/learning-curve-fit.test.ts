import { describe, expect, it } from 'vitest';
import { createRandom } from '../vision/random';
import { fitCurve, learningCurveOf, quantile, type CurveInput } from './learning-curve-fit';

const ANSWERS = [10, 20, 40, 80, 160];
const releasesAt = (answers: readonly number[]) => answers.map((n, index) => ({ modelId: `mdl_${index + 1}`, version: index + 1, answers: n }));
const meanOf = (values: readonly number[], items: readonly number[]) => items.reduce((sum, item) => sum + values[item]!, 0) / items.length;

/**
 * Held-out items a release gets right when the item's difficulty is below its accuracy: a release that learned more
 * gets right what the earlier ones got right, and more (as a real model mostly does).
 */
function accuracyCurve(accuracyAt: (answers: number) => number, answers = ANSWERS, items = 400): CurveInput {
  const random = createRandom(7);
  const difficulty = Array.from({ length: items }, () => random.float());
  const right = answers.map((n) => difficulty.map((d) => (d < accuracyAt(n) ? 1 : 0)));
  return { releases: releasesAt(answers), items, better: 'higher', measure: (release, sample) => meanOf(right[release]!, sample) };
}

describe('fitCurve', () => {
  it('finds the inverse power law the points lie on', () => {
    const answers = [5, 10, 20, 40, 80, 160];
    const fit = fitCurve(answers, answers.map((n) => 0.9 - 0.6 * Math.pow(n, -0.5)))!;
    expect(fit.exponent).toBe('fitted');
    expect(fit.a).toBeCloseTo(0.9, 2);
    expect(fit.b).toBeCloseTo(0.6, 1);
    expect(fit.c).toBeCloseTo(0.5, 1);
  });

  it('fixes the exponent on four points', () => {
    expect(fitCurve([10, 20, 40, 80], [0.5, 0.6, 0.65, 0.7])).toMatchObject({ c: 0.5, exponent: 'fixed' });
  });

  it('fits nothing through releases with the same number of answers', () => {
    expect(fitCurve([10, 10, 10], [0.5, 0.6, 0.7])).toBeNull();
  });
});

describe('learningCurveOf', () => {
  it('says a curve that still climbs climbs, and how many answers the next 0.02 needs', () => {
    const curve = learningCurveOf(accuracyCurve((n) => 0.9 - 0.6 * Math.pow(n, -0.5)));
    expect(curve.verdict.state).toBe('climbing');
    expect(curve.verdict.recent).toMatchObject({ from_answers: 40, to_answers: 160 });
    expect(curve.verdict.recent!.low).toBeGreaterThan(0);
    // the true curve gains 0.02 after 160 at about 480 answers: 320 more
    expect(curve.verdict.next_step!.gain).toBe(0.02);
    expect(curve.verdict.next_step!.answers).toBeGreaterThan(150);
    expect(curve.verdict.next_step!.answers).toBeLessThan(700);
    for (const point of curve.points) {
      expect(point.low!).toBeLessThanOrEqual(point.measure!);
      expect(point.high!).toBeGreaterThanOrEqual(point.measure!);
    }
    const band = curve.fit!.band;
    expect(band[0]!.answers).toBe(10);
    expect(band.at(-1)!.answers).toBeGreaterThan(160);
    expect(band.every((at) => at.low <= at.measure + 1e-9 && at.measure <= at.high + 1e-9)).toBe(true);
  });

  it('says a flat curve levelled off, with no next step', () => {
    const random = createRandom(11);
    const right = ANSWERS.map(() => Array.from({ length: 200 }, () => (random.chance(0.7) ? 1 : 0)));
    const curve = learningCurveOf({ releases: releasesAt(ANSWERS), items: 200, better: 'higher', measure: (release, sample) => meanOf(right[release]!, sample) });
    expect(curve.verdict.state).toBe('levelled_off');
    expect(curve.verdict.recent!.low).toBeLessThanOrEqual(0);
    expect(curve.verdict.next_step).toBeNull();
    expect(curve.fit).not.toBeNull();
  });

  it('gives two releases points but no fit or verdict', () => {
    const curve = learningCurveOf(accuracyCurve((n) => 0.9 - 0.6 * Math.pow(n, -0.5), [10, 20]));
    expect(curve.points).toHaveLength(2);
    expect(curve.fit).toBeNull();
    expect(curve.verdict).toEqual({ state: 'too_few_releases', step: 0.02, recent: null, next_step: null });
  });

  it('reads an error that falls as an improvement, and its next step as a fall', () => {
    const weights = Array.from({ length: 300 }, (_, index) => 2 * ((index * 37) % 300) / 300);
    const errors = ANSWERS.map((n) => weights.map((w) => w * (1 + 4 * Math.pow(n, -0.5))));
    const curve = learningCurveOf({ releases: releasesAt(ANSWERS), items: 300, better: 'lower', measure: (release, sample) => meanOf(errors[release]!, sample) });
    expect(curve.verdict.state).toBe('climbing');
    expect(curve.verdict.recent!.gain).toBeGreaterThan(0);
    expect(curve.verdict.next_step!.gain).toBeLessThan(0);
    expect(curve.fit!.band[0]!.measure).toBeGreaterThan(curve.fit!.band.at(-1)!.measure);
  });

  it('leaves a release whose figure is withheld without a measure, and off the fit', () => {
    const input = accuracyCurve((n) => 0.9 - 0.6 * Math.pow(n, -0.5));
    const curve = learningCurveOf({ ...input, measure: (release, sample) => (release === 0 ? null : input.measure(release, sample)) });
    expect(curve.points[0]).toMatchObject({ measure: null, low: null, high: null });
    expect(curve.fit!.band[0]!.answers).toBe(20);
  });

  it('draws the same curve from the same seed', () => {
    const input = accuracyCurve((n) => 0.8 - 0.5 * Math.pow(n, -0.3));
    expect(learningCurveOf(input)).toEqual(learningCurveOf(input));
  });
});

describe('quantile', () => {
  it('interpolates between sorted values', () => {
    expect(quantile([3, 1, 2, 4], 0.5)).toBe(2.5);
    expect(quantile([], 0.5)).toBeNull();
  });
});

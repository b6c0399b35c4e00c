import { CURVE_INTERVAL, MIN_CURVE_POINTS, type CurveBandPoint, type CurveFit, type CurveVerdict, type LearningCurvePoint } from '../../src/api/schemas/learning-curve';
import { createRandom } from '../vision/random';

// The learning curve's arithmetic, without the database: releases measured on the same held-out items, a bootstrap
// over those items (the same resample for every release, so that their differences are paired), the saturating
// curve fitted to the measures and to each round's, and the verdict.

/** A release on the curve: its model and the training answers it learned from. */
interface CurveRelease {
  modelId: string;
  version: number;
  answers: number;
}

export interface CurveInput {
  /** Oldest first. */
  releases: readonly CurveRelease[];
  /** The held-out items every release is measured on. */
  items: number;
  better: 'higher' | 'lower';
  /** The figure of release `release` on the held-out items at these indices (repeats allowed); null when withheld. */
  measure(release: number, items: readonly number[]): number | null;
  rounds?: number;
  seed?: number;
}

export interface CurveResult {
  points: LearningCurvePoint[];
  fit: CurveFit | null;
  verdict: CurveVerdict;
}

const BOOTSTRAP_ROUNDS = 200;
/** The verdict compares the latest release with the one this many measured releases before it. */
const LOOKBACK = 2;
/** The next step: this much more of a ratio, or this share of the latest measure of an error (at least MIN_ERROR_STEP). */
const RATIO_STEP = 0.02;
const ERROR_STEP_SHARE = 0.05;
const MIN_ERROR_STEP = 0.01;
/** Below this many points the exponent is fixed at FIXED_EXPONENT: three parameters on four points fit noise. */
const MIN_POINTS_TO_FIT_EXPONENT = 5;
const FIXED_EXPONENT = 0.5;
/** The exponents tried: log-spaced from 0.05 to 2 (for each, a and b are a linear least-squares fit). */
const EXPONENTS = Array.from({ length: 48 }, (_, index) => 0.05 * Math.pow(40, index / 47));
/** The next step is not promised beyond this many times the latest release's answers. */
const MAX_EXTRAPOLATION = 20;
const BAND_POINTS = 24;

/** y = a − b·n^(−c) in the orientation where higher is better. */
interface Curve {
  a: number;
  b: number;
  c: number;
}

const valueAt = (curve: Curve, answers: number) => curve.a - curve.b * Math.pow(answers, -curve.c);

/** The q-quantile (0..1) of the values, linearly interpolated; null for none. */
export function quantile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((x, y) => x - y);
  const at = q * (sorted.length - 1);
  const below = Math.floor(at);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (at - below);
}

const tail = (1 - CURVE_INTERVAL) / 2;
const intervalOf = (values: readonly number[]) => ({ low: quantile(values, tail), high: quantile(values, 1 - tail) });

/** a and b of y = a − b·u by least squares for one exponent (u = n^(−c)), with the squared error; null when u does not vary. */
function linearFit(answers: readonly number[], values: readonly number[], c: number): (Curve & { error: number }) | null {
  const us = answers.map((n) => Math.pow(n, -c));
  const meanU = us.reduce((sum, u) => sum + u, 0) / us.length;
  const meanY = values.reduce((sum, y) => sum + y, 0) / values.length;
  let covariance = 0;
  let variance = 0;
  for (const [index, u] of us.entries()) {
    covariance += (u - meanU) * (values[index]! - meanY);
    variance += (u - meanU) ** 2;
  }
  if (variance < 1e-12) return null;
  const b = -covariance / variance;
  const a = meanY + b * meanU;
  const error = us.reduce((sum, u, index) => sum + (a - b * u - values[index]!) ** 2, 0);
  return { a, b, c, error };
}

/**
 * The saturating curve through the points (higher is better) by least squares: for each exponent tried, a and b in
 * closed form, and the exponent of the least squared error; with few points the exponent is fixed.
 */
export function fitCurve(answers: readonly number[], values: readonly number[]): (Curve & { exponent: CurveFit['exponent'] }) | null {
  const exponent = answers.length >= MIN_POINTS_TO_FIT_EXPONENT ? 'fitted' : 'fixed';
  const tried = exponent === 'fitted' ? EXPONENTS : [FIXED_EXPONENT];
  let best: (Curve & { error: number }) | null = null;
  for (const c of tried) {
    const fit = linearFit(answers, values, c);
    if (fit && (!best || fit.error < best.error)) best = fit;
  }
  return best && { a: best.a, b: best.b, c: best.c, exponent };
}

/** The further answers after `from` at which the curve has gained `step`; null when it never does (or too far out). */
function answersForStep(curve: Curve, from: number, step: number): number | null {
  const target = valueAt(curve, from) + step;
  if (curve.b <= 0 || curve.a <= target) return null;
  const answers = Math.pow((curve.a - target) / curve.b, -1 / curve.c);
  return answers > from * MAX_EXTRAPOLATION ? null : Math.ceil(answers - from);
}

/** Indices 0..items−1 drawn with replacement. */
function resample(random: ReturnType<typeof createRandom>, items: number): number[] {
  return Array.from({ length: items }, () => random.int(0, items - 1));
}

const logSpaced = (from: number, to: number, count: number) =>
  Array.from({ length: count }, (_, index) => from * Math.pow(to / from, index / (count - 1)));

/** The learning curve of the releases: each point with its interval, the fitted curve with its band, and the verdict. */
export function learningCurveOf(input: CurveInput): CurveResult {
  const { releases, items, better } = input;
  const orient = (value: number) => (better === 'higher' ? value : -value);
  const all = Array.from({ length: items }, (_, index) => index);
  const measures = releases.map((_, index) => input.measure(index, all));
  const random = createRandom(input.seed ?? 1);
  const rounds = Array.from({ length: items > 0 ? (input.rounds ?? BOOTSTRAP_ROUNDS) : 0 }, () => {
    const sample = resample(random, items);
    return releases.map((_, index) => (measures[index] === null ? null : input.measure(index, sample)));
  });
  const points = releases.map((release, index): LearningCurvePoint => {
    const measure = measures[index]!;
    const interval = measure === null ? { low: null, high: null } : intervalOf(rounds.flatMap((round) => round[index] ?? []));
    return { model_id: release.modelId, version: release.version, training_answers: release.answers, measure, ...interval };
  });

  const measured = releases.flatMap((release, index) => (measures[index] !== null && release.answers > 0 ? [index] : []));
  const latest = measured.at(-1);
  const step = better === 'higher' ? RATIO_STEP : Math.max(MIN_ERROR_STEP, ERROR_STEP_SHARE * Math.abs(latest === undefined ? 0 : measures[latest]!));
  const answersOf = (indices: readonly number[]) => indices.map((index) => releases[index]!.answers);
  const curve = measured.length >= MIN_CURVE_POINTS ? fitCurve(answersOf(measured), measured.map((index) => orient(measures[index]!))) : null;
  if (latest === undefined || !curve) return { points, fit: null, verdict: { state: 'too_few_releases', step, recent: null, next_step: null } };

  const earlier = measured[Math.max(0, measured.length - 1 - LOOKBACK)]!;
  const gainIn = (values: readonly (number | null)[]) => {
    const [to, from] = [values[latest], values[earlier]];
    return to == null || from == null ? [] : [orient(to) - orient(from)];
  };
  const gains = intervalOf(rounds.flatMap(gainIn));
  const recent = {
    from_answers: releases[earlier]!.answers,
    to_answers: releases[latest]!.answers,
    gain: gainIn(measures)[0]!,
    low: gains.low ?? 0,
    high: gains.high ?? 0,
  };
  const climbing = recent.low > 0;
  const lastAnswers = releases[latest]!.answers;
  const further = climbing ? answersForStep(curve, lastAnswers, step) : null;

  const bandEnd = further === null ? lastAnswers * 1.25 : Math.min(lastAnswers + further, lastAnswers * 3);
  const grid = logSpaced(Math.min(...answersOf(measured)), Math.max(bandEnd, lastAnswers + 1), BAND_POINTS);
  const roundCurves = rounds.flatMap((round) => {
    const kept = measured.filter((index) => round[index] !== null);
    const fit = kept.length >= MIN_CURVE_POINTS ? fitCurve(answersOf(kept), kept.map((index) => orient(round[index]!))) : null;
    return fit ? [fit] : [];
  });
  const band = grid.map((answers): CurveBandPoint => {
    const spread = intervalOf(roundCurves.map((round) => valueAt(round, answers)));
    const centre = valueAt(curve, answers);
    const [low, high] = [spread.low ?? centre, spread.high ?? centre].map(orient).sort((x, y) => x - y);
    return { answers, measure: orient(centre), low: low!, high: high! };
  });
  return {
    points,
    fit: { a: orient(curve.a), b: curve.b, c: curve.c, exponent: curve.exponent, band },
    verdict: {
      state: climbing ? 'climbing' : 'levelled_off',
      step,
      recent,
      next_step: further === null ? null : { answers: further, gain: better === 'higher' ? step : -step },
    },
  };
}

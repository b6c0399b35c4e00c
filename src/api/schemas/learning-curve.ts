import { z } from '../zod';
import { RELEASE_FIGURE_KEYS } from './measures';

// `GET /1/applications/{id}/learning_curve` (extension): what more answers buy. Every release (the latest
// LEARNING_CURVE_RELEASES) is measured again on the same held-out items, the current validation answers, and the
// figure the application's release_metrics names is drawn against the training answers it learned from.

/** The latest releases the curve re-measures: each runs its model on every held-out item. */
export const LEARNING_CURVE_RELEASES = 8;

/** Fewer measured releases than this leave the curve without a verdict (`too_few_releases`). */
export const MIN_CURVE_POINTS = 3;

/** The intervals (points, band, gains) hold this share of the bootstrap rounds over the held-out items. */
export const CURVE_INTERVAL = 0.9;

const count = z.number().check(z.int(), z.gte(0));

/** One release on the held-out items; `measure`, `low` and `high` are null when its figure is withheld there. */
const learningCurvePointSchema = z.object({
  model_id: z.string(),
  version: z.number().check(z.int()),
  /** Answered training items it learned from. */
  training_answers: count,
  measure: z.nullable(z.number()),
  /** The CURVE_INTERVAL interval of the measure over bootstrap resamples of the held-out items. */
  low: z.nullable(z.number()),
  high: z.nullable(z.number()),
});
export type LearningCurvePoint = z.infer<typeof learningCurvePointSchema>;

/** The fitted curve at a number of training answers, with the band of the fits to the bootstrap rounds. */
const curveBandPointSchema = z.object({ answers: z.number(), measure: z.number(), low: z.number(), high: z.number() });
export type CurveBandPoint = z.infer<typeof curveBandPointSchema>;

/**
 * The saturating curve measure = a − b·answers^(−c) fitted by least squares (for a figure where lower is better,
 * measure = a + b·answers^(−c)). With fewer than five points the exponent c is not fitted but fixed at 0.5.
 */
const curveFitSchema = z.object({
  a: z.number(),
  b: z.number(),
  c: z.number(),
  exponent: z.enum(['fitted', 'fixed']),
  band: z.array(curveBandPointSchema),
});
export type CurveFit = z.infer<typeof curveFitSchema>;

const CURVE_STATES = ['too_few_releases', 'climbing', 'levelled_off'] as const;

/**
 * `climbing` when the latest release improved the measure over the release `recent` compares it with (two releases
 * earlier) beyond the uncertainty: the lower end of the gain's interval is above 0; else `levelled_off`.
 * `next_step`: while it climbs, the further training answers the fitted curve needs to gain `step`; null when
 * the curve levels off below that or does not climb.
 */
const curveVerdictSchema = z.object({
  state: z.enum(CURVE_STATES),
  /** The gain the next step is (0.02 of a ratio; 5 % of the latest measure of an error). */
  step: z.number(),
  recent: z.nullable(
    z.object({
      from_answers: count,
      to_answers: count,
      /** Improvement of the measure (positive is better, for an error too) with its interval. */
      gain: z.number(),
      low: z.number(),
      high: z.number(),
    }),
  ),
  next_step: z.nullable(z.object({ answers: count, gain: z.number() })),
});
export type CurveVerdict = z.infer<typeof curveVerdictSchema>;

export const learningCurveSchema = z.object({
  app_id: z.string(),
  /** The figure measured (`releaseFigure` of the application's release_metrics); null before a measured release. */
  figure: z.nullable(z.enum(RELEASE_FIGURE_KEYS)),
  /** The held-out (validation) items every point is measured on. */
  held_out: count,
  /** Oldest release first. */
  points: z.array(learningCurvePointSchema),
  fit: z.nullable(curveFitSchema),
  verdict: curveVerdictSchema,
});
export type LearningCurve = z.infer<typeof learningCurveSchema>;

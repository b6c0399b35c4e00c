import { z } from '../zod';
import { RELEASE_METRICS, type MeasureKind, type ReleaseMetric } from '../types';

// How a model is judged on held-out answers, one shape per kind of answer (docs/models.md, "Measures"). Every
// measure says on how many held-out answers it rests (`n`); below MIN_HELD_OUT_ANSWERS its figures are null and
// `reason` says why, so that too few answers never read as a perfect score.

/** Why a measure's figures are null: it rests on fewer than MIN_HELD_OUT_ANSWERS held-out answers. */
export const MEASURE_REASONS = ['not_enough_answers'] as const;

const ratio = z.nullable(z.number().check(z.gte(0), z.lte(1)));
const count = z.number().check(z.int(), z.gte(0));

const held = {
  /** The held-out answered items (media and focus) the measure rests on. */
  n: count,
  /** Null when the figures stand; else why they are null. */
  reason: z.nullable(z.enum(MEASURE_REASONS)),
};

/** Found, precision, recall and F1 of marks matched one to one (boxes by IoU, points by distance). */
const matched = {
  /** Null when the model showed none. */
  precision: ratio,
  /** Null when the answers hold none. */
  recall: ratio,
  /** 2·found / (truth + shown); null when both are 0. */
  F1: ratio,
};

/** box_detection: boxes shown (at least 0.5 probable) against the answers' boxes, matched one to one at IoU ≥ 0.5. */
const boxMeasuresSchema = z.object({
  kind: z.literal('boxes' satisfies MeasureKind),
  ...held,
  truth_boxes: count,
  shown_boxes: count,
  /** True boxes that a shown box matched. */
  found: count,
  ...matched,
  /** Average precision: the area under the precision–recall curve of every proposed box by probability. */
  AP: ratio,
});

/** point: points shown against the answers' points, matched one to one, nearest first. */
const pointMeasuresSchema = z.object({
  kind: z.literal('points' satisfies MeasureKind),
  ...held,
  /** Pixels: a true point is found when its matched point lies this close. */
  tolerance: z.number(),
  truth_points: count,
  shown_points: count,
  /** True points with a shown point within the tolerance (recall is their share). */
  found: count,
  ...matched,
  /** Mean pixels from a true point to its matched point (any distance); null when none was matched. */
  mean_distance: z.nullable(z.number()),
});

/** static_count: the proposed count against the answer's (False: 0). */
const countMeasuresSchema = z.object({
  kind: z.literal('counts' satisfies MeasureKind),
  ...held,
  mean_absolute_error: z.nullable(z.number()),
  /** Share of answers counted exactly. */
  exact: ratio,
});

/** offset_x, offset_y: the proposed offset against the answer's, where both give one. */
const offsetMeasuresSchema = z.object({
  kind: z.literal('offsets' satisfies MeasureKind),
  ...held,
  /** Answers with an offset that the model also gave one for. */
  compared: count,
  /** Answers with an offset that the model gave none for. */
  missed: count,
  /** Answers without the subject that the model gave an offset for. */
  extra: count,
  /** Pixels, over the compared answers; null when none was compared. */
  mean_absolute_error: z.nullable(z.number()),
});

/** ocr: the model's reading against the answer's text (1 − edit distance / length, in characters and in words). */
const textMeasuresSchema = z.object({
  kind: z.literal('texts' satisfies MeasureKind),
  ...held,
  /** Answers with text (what the accuracies rest on); a reading of nothing counts as every character missed. */
  compared: count,
  /** Answers with text that the model read nothing in. */
  missed: count,
  /** Answers without text that the model read some in. */
  extra: count,
  /** 1 − (characters inserted, deleted or changed) / (characters of the answers), at least 0; null when none was compared. */
  character_accuracy: ratio,
  /** The same in words (split at spaces). */
  word_accuracy: ratio,
});

/** counts[i][j]: answers whose truth is labels[i] and whose proposal is labels[j]. */
const confusionSchema = z.object({
  labels: z.array(z.string()),
  counts: z.array(z.array(count)),
});
export type Confusion = z.infer<typeof confusionSchema>;

/**
 * classification (labels: the subjects' names; precision, recall, F1 averaged over them) and detection_fullframe
 * (labels: present, absent; the figures of "present").
 */
const classMeasuresSchema = z.object({
  kind: z.literal('classes' satisfies MeasureKind),
  ...held,
  accuracy: ratio,
  ...matched,
  confusion: confusionSchema,
});

/** One model's measure on held-out answers, of the kind its application type answers with. */
export const measuresSchema = z.discriminatedUnion('kind', [
  boxMeasuresSchema,
  pointMeasuresSchema,
  countMeasuresSchema,
  offsetMeasuresSchema,
  classMeasuresSchema,
  textMeasuresSchema,
]);
export type Measures = z.infer<typeof measuresSchema>;
export type MeasuresOf<K extends MeasureKind> = Extract<Measures, { kind: K }>;

export const RELEASE_FIGURE_KEYS = ['F1', 'precision', 'recall', 'mean_absolute_error', 'character_accuracy'] as const;
export type ReleaseFigureKey = (typeof RELEASE_FIGURE_KEYS)[number];

/** Which way each figure a release is decided by is better. */
export const FIGURE_BETTER = {
  F1: 'higher',
  precision: 'higher',
  recall: 'higher',
  mean_absolute_error: 'lower',
  character_accuracy: 'higher',
} as const satisfies Record<
  ReleaseFigureKey,
  'higher' | 'lower'
>;

/** The figure a release is decided by: a field of the measures, and its value. */
export interface ReleaseFigure {
  key: ReleaseFigureKey;
  value: number | null;
}

/** The ratio each release_metrics names, where marks or classes are matched. */
export const RATIO_OF_METRIC = { best_F1: 'F1', best_precision: 'precision', best_recall: 'recall' } as const satisfies Record<ReleaseMetric, ReleaseFigureKey>;

const ratioKey = (metric: ReleaseMetric): ReleaseFigureKey => RATIO_OF_METRIC[metric];

/**
 * Per kind, the figure the application's release_metrics names: F1, precision or recall where marks or classes
 * are matched; the mean absolute error for counts and offsets, the character accuracy for text, whatever the metric.
 */
const RELEASE_FIGURE_KEYS_OF: Readonly<Record<MeasureKind, (metric: ReleaseMetric) => ReleaseFigureKey>> = {
  boxes: ratioKey,
  points: ratioKey,
  classes: ratioKey,
  counts: () => 'mean_absolute_error',
  offsets: () => 'mean_absolute_error',
  texts: () => 'character_accuracy',
};

export const releaseFigureKey = (kind: MeasureKind, metric: ReleaseMetric): ReleaseFigureKey => RELEASE_FIGURE_KEYS_OF[kind](metric);

/** Whether release_metrics changes anything for measures of this kind (counts, offsets and text have one figure). */
export const releaseMetricChooses = (kind: MeasureKind): boolean => new Set(RELEASE_METRICS.map((metric) => releaseFigureKey(kind, metric))).size > 1;

export function releaseFigure(measures: Measures, metric: ReleaseMetric): ReleaseFigure {
  const key = releaseFigureKey(measures.kind, metric);
  return { key, value: (measures as Partial<Record<ReleaseFigureKey, number | null>>)[key] ?? null };
}

/** Whether a candidate's figure is at least as good as the current model's (a current without a value loses). */
export function isAtLeastAsGood(candidate: ReleaseFigure, current: ReleaseFigure): boolean {
  if (candidate.value === null) return false;
  if (current.value === null) return true;
  return FIGURE_BETTER[candidate.key] === 'higher' ? candidate.value >= current.value : candidate.value <= current.value;
}

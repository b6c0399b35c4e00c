import { z } from '../zod';
import { applicationType } from './application';
import { RELEASE_METRICS } from '../types';
import { measuresSchema, RELEASE_FIGURE_KEYS } from './measures';

/** The id of an application's baseline model (version 0): the one that proposes before its first release. */
export const baselineModelId = (applicationId: string) => `${applicationId}.v0`;

/**
 * The set a person's answer belongs to: a release learns from `training` answers and is measured on `validation`
 * answers, which it never learned from. The service fixes it by the answered media id (docs/models.md).
 */
export const ANSWER_SETS = ['training', 'validation'] as const;
export type AnswerSet = (typeof ANSWER_SETS)[number];

/** One model measured on a set of validation items. */
const modelEvaluationSchema = z.object({
  /** Answered validation items (media and focus) it was measured on. */
  data_count: z.number().check(z.int()),
  model_performance: measuresSchema,
  /** The same measures per output subject that was answered, by subject uid. */
  model_performance_per_subject: z.record(z.string(), measuresSchema),
});
export type ModelEvaluation = z.infer<typeof modelEvaluationSchema>;

/** A released model, as `GET /1/applications/{id}/models` lists it. */
export const releasedModelSchema = z.object({
  model_id: z.string(),
  application_id: z.string(),
  /** 1 for the first release, then one more for each. */
  version: z.number().check(z.int()),
  release_time: z.number(),
  /** SHA-256 of the model's parameters (its "package"): two releases with the same value behave the same. */
  ccp_sha256: z.string(),
  /** Answered training items it learned from. */
  training_data_count: z.number().check(z.int()),
  /** Answered validation items it was measured on; null for a release made before answers were split. */
  validation_data_count: z.nullable(z.number().check(z.int())),
  model_performance: z.nullable(measuresSchema),
  model_performance_per_subject: z.nullable(z.record(z.string(), measuresSchema)),
  /** The model it replaced (the baseline's id for the first release). */
  previous_model_id: z.nullable(z.string()),
  /** Extension: true when a manager released it although the release rule kept it back ("Release anyway"). */
  forced: z.boolean(),
});
export type ReleasedModel = z.infer<typeof releasedModelSchema>;

/** The model that a release replaced, measured on the same validation items as the release. */
const previousModelPerformanceSchema = z.object({
  model_id: z.string(),
  model_performance: measuresSchema,
  model_performance_per_subject: z.record(z.string(), measuresSchema),
});

/** One model's measures on validation data, as the `performance/...` endpoints list them. */
export const modelPerformanceSchema = z.extend(modelEvaluationSchema, {
  app_id: z.string(),
  model_id: z.string(),
  version: z.number().check(z.int()),
  release_time: z.number(),
  /** When these measures were taken. */
  updated_at: z.number(),
  type: applicationType,
  release_metrics: z.enum(RELEASE_METRICS),
  output_subjects: z.array(z.string()),
  /** releaseValidation: the model this release replaced, on the same items; null in currentValidation. */
  previous: z.nullable(previousModelPerformanceSchema),
});
export type ModelPerformance = z.infer<typeof modelPerformanceSchema>;

/** Query of `GET /1/applications/{id}/models` and the `performance/...` lists (all optional). */
export interface ModelsQuery {
  /** Unix seconds: releases at or after. */
  start?: number;
  /** Unix seconds: releases at or before. */
  end?: number;
  /** 1..100 (PAGE_LIMIT), default 10. */
  limit?: number;
  /** Newest first. */
  reverse?: boolean;
}

/**
 * What became of a release's candidate: `released`; or kept back because its measure rests on fewer than
 * MIN_HELD_OUT_ANSWERS held-out answers, or because its figure is worse than the current model's on the same answers.
 */
const CANDIDATE_OUTCOMES = ['released', 'not_enough_answers', 'not_better'] as const;

/** The latest candidate model a release fitted, and whether it was released. */
const candidateDecisionSchema = z.object({
  decided_at: z.number(),
  outcome: z.enum(CANDIDATE_OUTCOMES),
  /** The held-out answered items the candidate and the current model were both measured on. */
  n: z.number().check(z.int()),
  /** The figure the application's release_metrics names (see `releaseFigure`), for each of the two. */
  figure: z.enum(RELEASE_FIGURE_KEYS),
  candidate: z.nullable(z.number()),
  current: z.nullable(z.number()),
  /** The version it became; null when it was kept back. */
  version: z.nullable(z.number().check(z.int())),
  /** True when a manager released it although `outcome` kept it back (`force`): `version` is then set. */
  forced: z.boolean(),
});
export type CandidateDecision = z.infer<typeof candidateDecisionSchema>;

/**
 * Body of `POST /1/applications/{id}/release` (optional). `force`: release the candidate even when the release rule
 * keeps it back (too few held-out answers, or a worse figure); the release is recorded as forced.
 */
export const startReleaseBody = z.nullish(z.object({ force: z.optional(z.boolean()) }));
export type StartReleaseBody = z.infer<typeof startReleaseBody>;

/**
 * `GET|POST /1/applications/{id}/release`: whether a release is running, and the latest release. A client that
 * started one waits until `running` is false, then finds the new version in `release_model_count` (unchanged when
 * the candidate was kept back, as `last_candidate` says, or the release failed).
 */
export const releaseStatusSchema = z.object({
  running: z.boolean(),
  /** The latest version (null before the first release). */
  release_model_count: z.nullable(z.number().check(z.int())),
  last_released_at: z.nullable(z.number()),
  /** Null before the first candidate. */
  last_candidate: z.nullable(candidateDecisionSchema),
});
export type ReleaseStatus = z.infer<typeof releaseStatusSchema>;

/** `GET /22/applications/{id}/evaluation_metrics`: the current model's measures on its validation answers. */
export const evaluationMetricsSchema = z.object({
  app_id: z.string(),
  release_metrics: z.enum(RELEASE_METRICS),
  /**
   * The figure of the measures that `release_metrics` names (`releaseFigure`: F1, precision or recall; the mean
   * absolute error for counts and offsets), and its value for the current model (null before a measured release,
   * or when its measure rests on too few answers).
   */
  measure: z.enum(RELEASE_FIGURE_KEYS),
  value: z.nullable(z.number()),
  model_id: z.nullable(z.string()),
  version: z.nullable(z.number().check(z.int())),
  data_count: z.nullable(z.number().check(z.int())),
  model_performance: z.nullable(measuresSchema),
  model_performance_per_subject: z.nullable(z.record(z.string(), measuresSchema)),
});
export type EvaluationMetrics = z.infer<typeof evaluationMetricsSchema>;

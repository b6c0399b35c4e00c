import { z } from '../zod';
import { applicationType } from './application';
import { RELEASE_METRICS, type ReleaseMetric } from '../types';

/** The id of an application's baseline model (version 0): the one that proposes before its first release. */
export const baselineModelId = (applicationId: string) => `${applicationId}.v0`;

/**
 * The set a person's answer belongs to: a release learns from `training` answers and is measured on `validation`
 * answers, which it never learned from. The service fixes it by the answered media id (docs/models.md).
 */
export const ANSWER_SETS = ['training', 'validation'] as const;
export type AnswerSet = (typeof ANSWER_SETS)[number];

/**
 * How often a model's presence call (probability ≥ 0.5) agrees with people's True/False answers: the counts of the
 * four cases and the ratios made from them (null when their denominator is 0).
 */
export const measuresSchema = z.object({
  accuracy: z.number().nullable(),
  precision: z.number().nullable(),
  recall: z.number().nullable(),
  F1: z.number().nullable(),
  TP: z.number().int(),
  FP: z.number().int(),
  TN: z.number().int(),
  FN: z.number().int(),
});
export type Measures = z.infer<typeof measuresSchema>;

/** One model measured on a set of validation items. */
export const modelEvaluationSchema = z.object({
  /** Answered validation items (media and focus) it was measured on. */
  data_count: z.number().int(),
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
  version: z.number().int(),
  release_time: z.number(),
  /** SHA-256 of the model's parameters (its "package"): two releases with the same value behave the same. */
  ccp_sha256: z.string(),
  /** Answered training items it learned from. */
  training_data_count: z.number().int(),
  /** Answered validation items it was measured on; null for a release made before answers were split. */
  validation_data_count: z.number().int().nullable(),
  model_performance: measuresSchema.nullable(),
  model_performance_per_subject: z.record(z.string(), measuresSchema).nullable(),
  /** The model it replaced (the baseline's id for the first release). */
  previous_model_id: z.string().nullable(),
});
export type ReleasedModel = z.infer<typeof releasedModelSchema>;

/** The model that a release replaced, measured on the same validation items as the release. */
export const previousModelPerformanceSchema = z.object({
  model_id: z.string(),
  model_performance: measuresSchema,
  model_performance_per_subject: z.record(z.string(), measuresSchema),
});

/** One model's measures on validation data, as the `performance/...` endpoints list them. */
export const modelPerformanceSchema = modelEvaluationSchema.extend({
  app_id: z.string(),
  model_id: z.string(),
  version: z.number().int(),
  release_time: z.number(),
  /** When these measures were taken. */
  updated_at: z.number(),
  type: applicationType,
  release_metrics: z.enum(RELEASE_METRICS),
  output_subjects: z.array(z.string()),
  /** releaseValidation: the model this release replaced, on the same items; null in currentValidation. */
  previous: previousModelPerformanceSchema.nullable(),
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
 * `GET|POST /1/applications/{id}/release`: whether a release is running, and the latest release. A client that
 * started one waits until `running` is false, then finds the new version in `release_model_count` (unchanged when
 * the release failed).
 */
export const releaseStatusSchema = z.object({
  running: z.boolean(),
  /** The latest version (null before the first release). */
  release_model_count: z.number().int().nullable(),
  last_released_at: z.number().nullable(),
});
export type ReleaseStatus = z.infer<typeof releaseStatusSchema>;

/** The measure an application's `release_metrics` puts first: the one its charts and summaries show. */
export const RELEASE_MEASURE = { best_F1: 'F1', best_precision: 'precision', best_recall: 'recall' } as const satisfies Record<
  ReleaseMetric,
  keyof Measures
>;
export type ReleaseMeasure = (typeof RELEASE_MEASURE)[ReleaseMetric];

/** `GET /22/applications/{id}/evaluation_metrics`: the current model's measures on its validation answers. */
export const evaluationMetricsSchema = z.object({
  app_id: z.string(),
  release_metrics: z.enum(RELEASE_METRICS),
  /** The measure `release_metrics` names, and its value for the current model (null before a measured release). */
  measure: z.enum(['F1', 'precision', 'recall']),
  value: z.number().nullable(),
  model_id: z.string().nullable(),
  version: z.number().int().nullable(),
  data_count: z.number().int().nullable(),
  model_performance: measuresSchema.nullable(),
  model_performance_per_subject: z.record(z.string(), measuresSchema).nullable(),
});
export type EvaluationMetrics = z.infer<typeof evaluationMetricsSchema>;

import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, isNotNull, lt, lte, type SQL } from 'drizzle-orm';
import { RATIO_OF_METRIC, releaseFigure } from '../../src/api/schemas/measures';
import { baselineModelId, type EvaluationMetrics, type ModelEvaluation, type ModelPerformance, type ReleasedModel } from '../../src/api/schemas/models';
import type { Database } from '../db';
import { models } from '../db/schema';
import { typeModule } from '../types/registry';
import type { ApplicationRow } from './applications';

export type ModelRow = typeof models.$inferSelect;

/** Which releases of an application, in which order; `cursor` is the version the previous page ended on. */
export interface ReleaseQuery {
  start: number;
  end: number;
  limit: number;
  reverse: boolean;
  cursor: number | null;
  /** Only releases measured on validation answers (made since answers are split). */
  measuredOnly?: boolean;
}

export interface ReleasePage {
  rows: ModelRow[];
  /** The cursor of the next page, or null on the last one. */
  nextCursor: number | null;
}

/** A page of the application's releases by release time (versions follow release time). */
export async function pageReleases(db: Database, applicationId: string, query: ReleaseQuery): Promise<ReleasePage> {
  const conditions: SQL[] = [
    eq(models.applicationId, applicationId),
    gte(models.createdAt, query.start),
    lte(models.createdAt, query.end),
  ];
  if (query.measuredOnly) conditions.push(isNotNull(models.validation));
  if (query.cursor !== null) conditions.push(query.reverse ? lt(models.version, query.cursor) : gt(models.version, query.cursor));
  const rows = await db
    .select()
    .from(models)
    .where(and(...conditions))
    .orderBy(query.reverse ? desc(models.version) : asc(models.version))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return { rows: page, nextCursor: rows.length > query.limit ? page.at(-1)!.version : null };
}

/** The id of the application's model of this version (0: the baseline), or null when it has none. */
export async function modelIdOfVersion(db: Database, applicationId: string, version: number): Promise<string | null> {
  if (version === 0) return baselineModelId(applicationId);
  const [row] = await db
    .select({ modelId: models.modelId })
    .from(models)
    .where(and(eq(models.applicationId, applicationId), eq(models.version, version)));
  return row?.modelId ?? null;
}

export function toReleasedModel(row: ModelRow): ReleasedModel {
  return {
    model_id: row.modelId,
    application_id: row.applicationId,
    version: row.version,
    release_time: row.createdAt,
    ccp_sha256: createHash('sha256').update(JSON.stringify(row.parameters)).digest('hex'),
    training_data_count: row.trainingCount,
    validation_data_count: row.validationCount,
    model_performance: row.validation?.model_performance ?? null,
    model_performance_per_subject: row.validation?.model_performance_per_subject ?? null,
    previous_model_id: row.previousModelId,
    forced: row.forced,
  };
}

/** A model (by its id, version and release time) measured on validation data at a time. */
interface MeasuredModel {
  modelId: string;
  version: number;
  releaseTime: number;
  measuredAt: number;
  evaluation: ModelEvaluation;
}

export function toPerformance(appRow: ApplicationRow, measured: MeasuredModel, previous: ModelPerformance['previous']): ModelPerformance {
  return {
    app_id: appRow.applicationId,
    model_id: measured.modelId,
    version: measured.version,
    release_time: measured.releaseTime,
    updated_at: measured.measuredAt,
    type: appRow.type,
    release_metrics: appRow.releaseMetrics,
    output_subjects: appRow.outputSubjects,
    ...measured.evaluation,
    previous,
  };
}

/** A release's measures on its validation answers, and those of the model it replaced on the same answers. */
export function releaseValidation(appRow: ApplicationRow, row: ModelRow): ModelPerformance | null {
  if (!row.validation) return null;
  const measured = { modelId: row.modelId, version: row.version, releaseTime: row.createdAt, measuredAt: row.createdAt, evaluation: row.validation };
  const previous =
    row.previousModelId && row.previousValidation
      ? {
          model_id: row.previousModelId,
          model_performance: row.previousValidation.model_performance,
          model_performance_per_subject: row.previousValidation.model_performance_per_subject,
        }
      : null;
  return toPerformance(appRow, measured, previous);
}

/**
 * The models measured on the current validation answers (those the current model was measured on when it was
 * released): the current model, and the model it replaced (the baseline, version 0, before the second release).
 * Oldest first. Empty before the first release measured on validation answers.
 */
export async function currentValidation(db: Database, appRow: ApplicationRow): Promise<ModelPerformance[]> {
  if (!appRow.currentModelId) return [];
  const [current] = await db.select().from(models).where(eq(models.modelId, appRow.currentModelId));
  if (!current?.validation) return [];
  const entries: ModelPerformance[] = [];
  if (current.previousModelId && current.previousValidation) {
    const [previous] = await db.select().from(models).where(eq(models.modelId, current.previousModelId));
    const isBaseline = current.previousModelId === baselineModelId(appRow.applicationId);
    if (previous || isBaseline) {
      const measured = {
        modelId: current.previousModelId,
        version: previous?.version ?? 0,
        releaseTime: previous?.createdAt ?? appRow.createdAt,
        measuredAt: current.createdAt,
        evaluation: current.previousValidation,
      };
      entries.push(toPerformance(appRow, measured, null));
    }
  }
  const measured = { modelId: current.modelId, version: current.version, releaseTime: current.createdAt, measuredAt: current.createdAt, evaluation: current.validation };
  entries.push(toPerformance(appRow, measured, null));
  return entries;
}

/**
 * The figure the application's release_metrics names (`releaseFigure`) of a measure: the current model's, or, before
 * a measured release, of its type's measure on no answers (a value of null); F1, precision or recall for a type the
 * service has no model of.
 */
function figureOf(appRow: ApplicationRow, evaluation: ModelEvaluation | null) {
  const measures = evaluation?.model_performance ?? typeModule(appRow.type)?.measure([], new Map()).overall;
  return measures ? releaseFigure(measures, appRow.releaseMetrics) : { key: RATIO_OF_METRIC[appRow.releaseMetrics], value: null };
}

/** The current model's measures on its validation answers, with the figure the application's release_metrics names. */
export async function evaluationMetrics(db: Database, appRow: ApplicationRow): Promise<EvaluationMetrics> {
  const [current] = appRow.currentModelId ? await db.select().from(models).where(eq(models.modelId, appRow.currentModelId)) : [];
  const evaluation = current?.validation ?? null;
  const figure = figureOf(appRow, evaluation);
  return {
    app_id: appRow.applicationId,
    release_metrics: appRow.releaseMetrics,
    measure: figure.key,
    value: figure.value,
    model_id: current?.modelId ?? null,
    version: current?.version ?? null,
    data_count: evaluation?.data_count ?? null,
    model_performance: evaluation?.model_performance ?? null,
    model_performance_per_subject: evaluation?.model_performance_per_subject ?? null,
  };
}

import { and, eq, inArray, max, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { baselineModelId, type AnswerSet } from '../../src/api/schemas/models';
import type { AppData, FeedbackSubjectAnswer, Focus, LabellableType } from '../../src/api/types';
import type { Database } from '../db';
import { newId } from '../db/ids';
import { applications, feedbackQueue, media, models, subjects } from '../db/schema';
import type { ApplicationRow } from '../domain/applications';
import { focusKey, unixNow } from '../domain/assertions';
import { listConsensusLabels } from '../domain/consensus';
import { readMediaBytes, type MediaRow } from '../domain/media';
import { badRequest } from '../http/errors';
import { markJobFinished } from '../jobs/finished';
import type { BlobStore } from '../media/blob-store';
import { isImplemented, typeModule } from '../types/registry';
import type { TypeModule } from '../types/type-module';
import { runModel } from '../types/run-model';
import { feedbackPriority } from '../vision/ambiguity';
import { parametersFromApplication, withDetectorClasses, type ModelParameters } from '../vision/models/parameters';
import { refitParameters } from '../vision/refit';
import { measureModels } from './validation';

/** What a release needs from the service. */
export interface ReleaseContext {
  db: Database;
  blobs: BlobStore;
}

/** A release learns from the most recent answered training items, at most this many, to bound its time. */
const MAX_TRAINING_ITEMS = 200;
/** And is measured on the most recent answered validation items, at most this many. */
const MAX_VALIDATION_ITEMS = 200;

/** The parameters of the application's current model, or the baseline's from its configuration before a release. */
export async function currentParameters(db: Database, appRow: ApplicationRow): Promise<ModelParameters> {
  const rows = await db
    .select({ uid: subjects.subjectUid, name: subjects.name, detector_class: subjects.detectorClass })
    .from(subjects)
    .where(inArray(subjects.subjectUid, appRow.outputSubjects.length > 0 ? appRow.outputSubjects : ['']));
  const outputSubjects = Object.fromEntries(rows.map(({ uid, ...subject }) => [uid, subject]));
  if (appRow.currentModelId) {
    const [model] = await db.select().from(models).where(eq(models.modelId, appRow.currentModelId));
    if (model) return withDetectorClasses(model.parameters as unknown as ModelParameters, outputSubjects);
  }
  return parametersFromApplication(
    { type: appRow.type as LabellableType, output_subjects: appRow.outputSubjects, custom_fields: appRow.customFields },
    outputSubjects,
  );
}

interface AnsweredItem {
  mediaRow: MediaRow;
  focus: Focus | null;
  answers: FeedbackSubjectAnswer[];
}

/**
 * The application's decided labels (its consensus: agreed, decided in review, or with one labeller per item the
 * latest answer), grouped per media item and focus, newest decision first, in their two sets (the media item's
 * `answer_set`, as recorded in its answers' `set_assignment`): at most MAX_TRAINING_ITEMS and MAX_VALIDATION_ITEMS.
 */
async function answeredItems(db: Database, appRow: ApplicationRow, module: TypeModule): Promise<Record<AnswerSet, AnsweredItem[]>> {
  const labels = (await listConsensusLabels(db, appRow.applicationId)).reverse();
  const mediaIds = [...new Set(labels.map((label) => label.media_id))];
  const mediaRows = mediaIds.length === 0 ? [] : await db.select({ mediaRow: media, set: sql<AnswerSet>`answer_set(${media.mediaId})` }).from(media).where(inArray(media.mediaId, mediaIds));
  const mediaById = new Map(mediaRows.map((row) => [row.mediaRow.mediaId, row]));
  const appDataType = module.rule.appDataType;
  const sets = { training: new Map<string, AnsweredItem>(), validation: new Map<string, AnsweredItem>() };
  const limits = { training: MAX_TRAINING_ITEMS, validation: MAX_VALIDATION_ITEMS };
  for (const label of labels) {
    const found = mediaById.get(label.media_id);
    if (!found) continue;
    const items = sets[found.set];
    const key = `${label.media_id}|${focusKey(label.focus)}`;
    let item = items.get(key);
    if (!item) {
      if (items.size === limits[found.set]) continue;
      item = { mediaRow: found.mediaRow, focus: label.focus, answers: [] };
      items.set(key, item);
    }
    item.answers.push({
      subject_uid: label.subject_uid,
      result: label.result,
      ...(label.result === 'True' && appDataType && label.app_data != null ? { app_data_type: appDataType, app_data: label.app_data as AppData } : {}),
    });
  }
  return { training: [...sets.training.values()], validation: [...sets.validation.values()] };
}

const withImages = (blobs: BlobStore, items: AnsweredItem[]) =>
  Promise.all(items.map(async (item) => ({ image: await readMediaBytes(blobs, item.mediaRow), focus: item.focus, answers: item.answers })));

/** Re-evaluates the waiting feedback requests with the new model: they keep their place, with new proposals. */
async function refreshQueue(ctx: ReleaseContext, appRow: ApplicationRow, module: TypeModule, modelId: string, parameters: ModelParameters) {
  const { type } = module;
  const waiting = await ctx.db
    .select({ queued: feedbackQueue, mediaRow: media })
    .from(feedbackQueue)
    .innerJoin(media, eq(media.mediaId, feedbackQueue.mediaId))
    .where(eq(feedbackQueue.appId, appRow.applicationId));
  for (const { queued, mediaRow } of waiting) {
    const image = await readMediaBytes(ctx.blobs, mediaRow);
    const proposals = await runModel({ type, outputSubjects: appRow.outputSubjects, parameters, image, focus: queued.focus });
    await ctx.db
      .update(feedbackQueue)
      .set({ proposals, priority: feedbackPriority(proposals, appRow.detectionThresholds, module.objectAmbiguity), modelId })
      .where(
        and(
          eq(feedbackQueue.appId, queued.appId),
          eq(feedbackQueue.mediaId, queued.mediaId),
          eq(feedbackQueue.focusKey, queued.focusKey),
        ),
      );
  }
}

/**
 * Releases a new model: the current model's parameters re-fitted to the training answers, measured (with the model
 * it replaces) on the validation answers, stored as the next `models` row and made the application's current model,
 * with its release counters and performance. With refresh_feedback the waiting requests are re-evaluated by it.
 * Returns the updated application row. Run as the job `jobId`, a second run of that job releases nothing and
 * returns the row as it is.
 */
export async function releaseModel(
  ctx: ReleaseContext,
  appRow: ApplicationRow,
  { jobId }: { jobId?: string } = {},
): Promise<ApplicationRow> {
  const module = typeModule(appRow.type);
  if (!module) throw badRequest(`Applications of type ${appRow.type} have no baseline model to release.`);
  const items = await answeredItems(ctx.db, appRow, module);
  const previousParameters = await currentParameters(ctx.db, appRow);
  const previousModelId = appRow.currentModelId ?? baselineModelId(appRow.applicationId);
  const parameters = await refitParameters(module.fit, previousParameters, await withImages(ctx.blobs, items.training));
  const [validation, previousValidation] = await measureModels(
    module.type,
    appRow.outputSubjects,
    [parameters, previousParameters],
    await withImages(ctx.blobs, items.validation),
  );
  const now = unixNow();
  const modelId = newId('mdl');
  const updated = await ctx.db.transaction(async (tx) => {
    if (jobId !== undefined && !(await markJobFinished(tx, jobId))) return null;
    const [latest] = await tx
      .select({ version: max(models.version) })
      .from(models)
      .where(eq(models.applicationId, appRow.applicationId));
    const version = (latest?.version ?? 0) + 1;
    await tx.insert(models).values({
      modelId,
      applicationId: appRow.applicationId,
      version,
      parameters: parameters as unknown as Record<string, unknown>,
      metrics: validation!.model_performance,
      trainingCount: items.training.length,
      validationCount: items.validation.length,
      validation,
      previousModelId,
      previousValidation,
      createdAt: now,
    });
    const [row] = await tx
      .update(applications)
      .set({
        currentModelId: modelId,
        releaseModelCount: version,
        candidateModelCount: version,
        lastCandidateAt: now,
        lastReleasedAt: now,
        trainingDataCount: items.training.length,
        validationDataCount: items.validation.length,
        currentPerformance: { ...validation!.model_performance, data_count: items.validation.length, model_id: modelId, model_version: version },
        answersSinceRelease: 0,
      })
      .where(eq(applications.applicationId, appRow.applicationId))
      .returning();
    return row!;
  });
  if (!updated) return appRow;
  if (updated.refreshFeedback) await refreshQueue(ctx, updated, module, modelId, parameters);
  return updated;
}

/** Whether a release of the application waits or runs, on any instance. */
export const isReleasing = (app: FastifyInstance, applicationId: string) => app.jobs.isPending('release-model', applicationId);

/**
 * Queues a release of the application (a `release-model` job: at most one waits per application, so while one
 * waits this does nothing). The job reads the application again when it starts, so it learns every answer.
 */
export async function startRelease(app: FastifyInstance, appRow: Pick<ApplicationRow, 'tenantId' | 'applicationId' | 'type'>): Promise<void> {
  if (!isImplemented(appRow.type)) throw badRequest(`Applications of type ${appRow.type} have no baseline model to release.`);
  const release = { tenantId: appRow.tenantId, applicationId: appRow.applicationId };
  await app.jobs.send(app.db, 'release-model', release, { singletonKey: appRow.applicationId });
  app.jobs.kick();
}

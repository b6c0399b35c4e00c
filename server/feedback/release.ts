import { and, eq, inArray, max, sql } from 'drizzle-orm';
import { baselineModelId, type ModelEvaluation } from '../../src/api/schemas/models';
import type { LabellableType } from '../../src/api/types';
import type { Database } from '../db';
import { newId } from '../db/ids';
import { applications, feedbackQueue, media, models, subjects } from '../db/schema';
import type { ApplicationRow } from '../domain/applications';
import type { ModelRow } from '../domain/models';
import { readMediaBytes } from '../domain/media';
import { DEFAULT_FEEDBACK_CONFIG } from '../config';
import { conflict, invalid } from '../errors';
import { markJobFinished } from '../jobs/finished';
import type { BlobStore } from '../media/blob-store';
import type { ServiceContext } from '../service-context';
import { isImplemented, typeModule } from '../types/registry';
import type { TypeModule } from '../types/type-module';
import { runModel } from '../types/run-model';
import { learnHeads } from '../vision/head/fit';
import { withDetectorClasses, type ModelParameters, type SubjectForModel } from '../vision/models/parameters';
import { parametersFromApplication } from '../types/model-parameters';
import { refitParameters } from '../vision/refit';
import { answeredItems, withImages } from './answered-items';
import { refreshWorth } from './queue-worth';
import { headDoesBetter, subjectsToLearn, withoutLearntColours } from './learnt-colour';
import { decideCandidate, forcedIf, isReleased } from './release-decision';
import { measureModels, type MeasuredSubjects } from './validation';
import { unixNow } from '../db/unix-time';
import { exemplarsFromAnswers } from '../vision/exemplars/remembered';
import { mergeTemplates, templatesIn } from '../vision/exemplars/templates';

/** What a release needs from the service. */
export interface ReleaseContext {
  db: Database;
  blobs: BlobStore;
}

/**
 * A release learns from the most recent answered training items and is measured on the most recent answered
 * validation items, at most this many of each, to bound its time.
 */
export const RELEASE_ITEMS = { training: 200, validation: 200 };

/** The application's output subjects as the models and measures need them, by uid. */
async function outputSubjectsOf(db: Database, appRow: ApplicationRow): Promise<Record<string, SubjectForModel>> {
  const rows = await db
    .select({ uid: subjects.subjectUid, name: subjects.name, detector_class: subjects.detectorClass })
    .from(subjects)
    .where(inArray(subjects.subjectUid, appRow.outputSubjects.length > 0 ? appRow.outputSubjects : ['']));
  return Object.fromEntries(rows.map(({ uid, ...subject }) => [uid, subject]));
}

/** The output subjects in order, with their names (a subject gone from the tenant is named by its uid). */
export async function measuredSubjects(db: Database, appRow: ApplicationRow): Promise<MeasuredSubjects> {
  const found = await outputSubjectsOf(db, appRow);
  return { uids: appRow.outputSubjects, names: new Map(appRow.outputSubjects.map((uid) => [uid, found[uid]?.name ?? uid])) };
}

/** The settings parameters the application's type adds to its models' own (none by default). */
const settingsParametersOf = (appRow: ApplicationRow, outputSubjects: Record<string, SubjectForModel>) =>
  typeModule(appRow.type)?.settingsParameters?.(appRow.customFields, outputSubjects) ?? {};

/** A released model's parameters as it runs now: with the application's detector classes and settings. */
const runningParameters = (model: ModelRow, outputSubjects: Record<string, SubjectForModel>, settings: Partial<ModelParameters>): ModelParameters => ({
  ...withDetectorClasses(model.parameters as unknown as ModelParameters, outputSubjects),
  ...settings,
});

/** The parameters of released models as they run now, in their order. */
export async function parametersOfReleases(db: Database, appRow: ApplicationRow, releases: readonly ModelRow[]): Promise<ModelParameters[]> {
  const outputSubjects = await outputSubjectsOf(db, appRow);
  const settings = settingsParametersOf(appRow, outputSubjects);
  return releases.map((model) => runningParameters(model, outputSubjects, settings));
}

/**
 * The parameters of the application's current model, or the baseline's from its configuration before a release,
 * with the exemplars given to "find more like these" since (they teach the next images at once).
 */
export async function currentParameters(db: Database, appRow: ApplicationRow): Promise<ModelParameters> {
  const outputSubjects = await outputSubjectsOf(db, appRow);
  const settings = settingsParametersOf(appRow, outputSubjects);
  if (appRow.currentModelId) {
    const [model] = await db.select().from(models).where(eq(models.modelId, appRow.currentModelId));
    if (model) return withRecentExemplars(runningParameters(model, outputSubjects, settings), appRow);
  }
  const baseline = parametersFromApplication(
    { type: appRow.type as LabellableType, output_subjects: appRow.outputSubjects, custom_fields: appRow.customFields },
    outputSubjects,
  );
  return withRecentExemplars({ ...baseline, ...settings }, appRow);
}

function withRecentExemplars(parameters: ModelParameters, appRow: ApplicationRow): ModelParameters {
  const exemplars = mergeTemplates(templatesIn(appRow.recentExemplars), templatesIn(parameters.exemplars));
  const { exemplars: _released, ...rest } = parameters;
  return Object.keys(exemplars).length > 0 ? { ...rest, exemplars } : rest;
}

/** Re-evaluates the waiting feedback requests with the new model: they keep their place, with new proposals (rated by `refreshWorth` after). */
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
      .set({ proposals, modelId })
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
 * Fits a candidate model and releases it if the release rule lets it (`decideCandidate`): the current model's
 * parameters re-fitted to the training answers, measured (with the model it would replace) on the held-out
 * validation answers. Every candidate counts in `candidate_model_count` and is recorded as `last_candidate`; one
 * that is released is stored as the next `models` row and made the application's current model, with its release
 * counters and performance, and with refresh_feedback the waiting requests are re-evaluated by it. `force` releases
 * a candidate the rule keeps back, recorded as forced. Returns the updated application row. Run as the job `jobId`,
 * a second run of that job decides nothing and returns the row as it is.
 */
export async function releaseModel(
  ctx: ReleaseContext,
  appRow: ApplicationRow,
  { jobId, force = false }: { jobId?: string; force?: boolean } = {},
): Promise<ApplicationRow> {
  const module = typeModule(appRow.type);
  if (!module) throw invalid(`Applications of type ${appRow.type} have no baseline model to release.`);
  const items = await answeredItems(ctx.db, appRow, module, RELEASE_ITEMS);
  const previousParameters = await currentParameters(ctx.db, appRow);
  const previousModelId = appRow.currentModelId ?? baselineModelId(appRow.applicationId);
  const training = await withImages(ctx.blobs, items.training);
  // subjects seen by their configured colour keep the colour model alone; a model that does not see subjects by their
  // looks (ocr reads text, nsfw classifies the whole image) has no use for heads
  const learning = module.rule.seesSubjects === false ? [] : subjectsToLearn(appRow, previousParameters);
  const heads = await learnHeads(module.fit, learning, training);
  // a subject someone showed exemplars of ("find more like these") keeps them, and the objects people boxed become
  // more of its exemplars; other subjects are seen as before (a search per image costs up to a few hundred ms)
  const shown = learning.filter((uid) => (previousParameters.detector_class[uid] ?? null) === null && (previousParameters.exemplars?.[uid]?.length ?? 0) > 0);
  const exemplars = mergeTemplates(await exemplarsFromAnswers(module.fit, shown, training), previousParameters.exemplars);
  const refitted = {
    ...(await refitParameters(module.fit, previousParameters, training)),
    ...(Object.keys(heads).length > 0 ? { head: heads } : {}),
    ...(Object.keys(exemplars).length > 0 ? { exemplars } : {}),
  };
  // a colour learnt for a subject the head learnt too is kept only where it does not measure worse than the head
  const headAlone = withoutLearntColours(appRow, refitted, heads);
  const [refittedValidation, previousValidation, headValidation] = (await measureModels(
    module,
    await measuredSubjects(ctx.db, appRow),
    headAlone ? [refitted, previousParameters, headAlone] : [refitted, previousParameters],
    await withImages(ctx.blobs, items.validation),
  )) as [ModelEvaluation, ModelEvaluation, ModelEvaluation?];
  const [parameters, validation] =
    headAlone && headValidation && headDoesBetter(refittedValidation, headValidation, appRow.releaseMetrics) ? [headAlone, headValidation] : [refitted, refittedValidation];
  const decision = forcedIf(force, decideCandidate(validation, previousValidation, appRow.releaseMetrics));
  const now = unixNow();
  const modelId = newId('mdl');
  const candidateCounters = {
    candidateModelCount: sql`coalesce(${applications.candidateModelCount}, 0) + 1`,
    lastCandidateAt: now,
    answersSinceRelease: 0,
  };
  const updated = await ctx.db.transaction(async (tx) => {
    if (jobId !== undefined && !(await markJobFinished(tx, jobId))) return null;
    if (!isReleased(decision)) {
      const [row] = await tx
        .update(applications)
        .set({ ...candidateCounters, lastCandidate: { ...decision, decided_at: now, version: null } })
        .where(eq(applications.applicationId, appRow.applicationId))
        .returning();
      return row!;
    }
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
      metrics: validation.model_performance,
      trainingCount: items.training.length,
      validationCount: items.validation.length,
      validation,
      previousModelId,
      previousValidation,
      forced: decision.forced,
      createdAt: now,
    });
    const [row] = await tx
      .update(applications)
      .set({
        ...candidateCounters,
        lastCandidate: { ...decision, decided_at: now, version },
        currentModelId: modelId,
        releaseModelCount: version,
        lastReleasedAt: now,
        trainingDataCount: items.training.length,
        validationDataCount: items.validation.length,
        currentPerformance: { ...validation.model_performance, data_count: items.validation.length, model_id: modelId, model_version: version },
      })
      .where(eq(applications.applicationId, appRow.applicationId))
      .returning();
    return row!;
  });
  if (!updated) return appRow;
  if (isReleased(decision) && updated.refreshFeedback) await refreshQueue(ctx, updated, module, modelId, parameters);
  // the answers it learnt from changed what confirmed each subject, whether or not it was released
  await refreshWorth(ctx.db, updated);
  return updated;
}

/** Whether a release of the application waits or runs, on any instance. */
export const isReleasing = ({ jobs }: Pick<ServiceContext, 'jobs'>, applicationId: string) => jobs.isPending('release-model', applicationId);

/**
 * Queues a release of the application (a `release-model` job: at most one waits per application, so while one
 * waits this does nothing). The job reads the application again when it starts, so it learns every answer. A forced
 * release cannot join one that waits (it would not be forced): that is a conflict.
 */
export async function startRelease(
  { db, jobs }: Pick<ServiceContext, 'db' | 'jobs'>,
  appRow: Pick<ApplicationRow, 'tenantId' | 'applicationId' | 'type'>,
  { force = false }: { force?: boolean } = {},
): Promise<void> {
  if (!isImplemented(appRow.type)) throw invalid(`Applications of type ${appRow.type} have no baseline model to release.`);
  if (force && (await jobs.isPending('release-model', appRow.applicationId))) {
    throw conflict('A release is already running: release anyway once it has finished.');
  }
  const release = { tenantId: appRow.tenantId, applicationId: appRow.applicationId, ...(force ? { force } : {}) };
  await jobs.send(db, 'release-model', release, { singletonKey: appRow.applicationId });
  jobs.kick();
}

/**
 * Starts a release once the application has this many answers since its last one (RELEASE_EVERY_ANSWERS; 0: only
 * on request). `answersSinceRelease` is what recording the latest answer returned (null: it recorded nothing).
 */
export async function releaseIfDue(
  ctx: Pick<ServiceContext, 'db' | 'jobs' | 'config'>,
  appRow: Pick<ApplicationRow, 'tenantId' | 'applicationId' | 'type'>,
  answersSinceRelease: number | null,
): Promise<void> {
  const releaseEvery = (ctx.config.feedback ?? DEFAULT_FEEDBACK_CONFIG).releaseEveryAnswers;
  if (answersSinceRelease !== null && releaseEvery > 0 && answersSinceRelease >= releaseEvery && isImplemented(appRow.type)) {
    await startRelease(ctx, appRow);
  }
}

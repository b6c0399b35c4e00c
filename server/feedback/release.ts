import { and, desc, eq, inArray, isNotNull, max } from 'drizzle-orm';
import type { FeedbackSubjectAnswer, LabellableType } from '../../src/api/types';
import { LABELLABLE_TYPES } from '../../src/api/types';
import type { Database } from '../db';
import { newId } from '../db/ids';
import { applications, assertions, feedbackQueue, media, models, subjects } from '../db/schema';
import type { ApplicationRow } from '../domain/applications';
import { unixNow } from '../domain/assertions';
import { readMediaBytes, type MediaRow } from '../domain/media';
import { badRequest } from '../http/errors';
import type { BlobStore } from '../media/blob-store';
import { feedbackPriority } from '../vision/ambiguity';
import { parametersFromApplication, type ModelParameters } from '../vision/models/parameters';
import { ACCEPT_PROBABILITY } from '../vision/models/proposal';
import { runModel } from '../vision/models/run-model';
import { refitParameters, type FeedbackExample } from '../vision/refit';

/** What a release needs from the service. */
export interface ReleaseContext {
  db: Database;
  blobs: BlobStore;
}

/** A release fits on the most recent answered items, at most this many, to bound its time. */
const MAX_EXAMPLES = 200;

const isLabellable = (type: string): type is LabellableType => (LABELLABLE_TYPES as readonly string[]).includes(type);

/** The parameters of the application's current model, or the baseline's from its configuration before a release. */
export async function currentParameters(db: Database, appRow: ApplicationRow): Promise<ModelParameters> {
  if (appRow.currentModelId) {
    const [model] = await db.select().from(models).where(eq(models.modelId, appRow.currentModelId));
    if (model) return model.parameters as unknown as ModelParameters;
  }
  const rows = await db
    .select({ uid: subjects.subjectUid, name: subjects.name })
    .from(subjects)
    .where(inArray(subjects.subjectUid, appRow.outputSubjects.length > 0 ? appRow.outputSubjects : ['']));
  const names = Object.fromEntries(rows.map((row) => [row.uid, row.name]));
  return parametersFromApplication(
    { type: appRow.type as LabellableType, output_subjects: appRow.outputSubjects, custom_fields: appRow.customFields },
    names,
  );
}

interface AnsweredItem {
  mediaRow: MediaRow;
  answers: FeedbackSubjectAnswer[];
}

/** The current feedback answers (source 2) of the application, grouped per media item and focus. */
async function answeredItems(db: Database, appId: string): Promise<AnsweredItem[]> {
  const rows = await db
    .select({ assertion: assertions, mediaRow: media })
    .from(assertions)
    .innerJoin(media, eq(media.mediaId, assertions.mediaId))
    .where(and(eq(assertions.appId, appId), isNotNull(assertions.userId), eq(assertions.current, true)))
    .orderBy(desc(assertions.createdAt));
  const items = new Map<string, AnsweredItem>();
  for (const { assertion, mediaRow } of rows) {
    const key = `${assertion.mediaId}|${assertion.focusKey}`;
    let item = items.get(key);
    if (!item) {
      if (items.size === MAX_EXAMPLES) continue;
      item = { mediaRow, answers: [] };
      items.set(key, item);
    }
    item.answers.push({
      subject_uid: assertion.subjectUid,
      result: assertion.probability >= ACCEPT_PROBABILITY ? 'True' : 'False',
      ...(assertion.appDataType ? { app_data_type: assertion.appDataType } : {}),
      ...(assertion.appData !== null ? { app_data: assertion.appData } : {}),
    });
  }
  return [...items.values()];
}

/** How often the model's presence call (probability ≥ 0.5) agrees with people's True/False, per answered subject. */
async function evaluate(type: LabellableType, appRow: ApplicationRow, parameters: ModelParameters, examples: FeedbackExample[]) {
  let truePositive = 0;
  let falsePositive = 0;
  let falseNegative = 0;
  let agreed = 0;
  let total = 0;
  for (const example of examples) {
    const proposals = await runModel({ type, outputSubjects: appRow.outputSubjects, parameters, image: example.image });
    for (const answer of example.answers) {
      const proposal = proposals.find((candidate) => candidate.subject_uid === answer.subject_uid);
      const predicted = (proposal?.probability ?? 0) >= ACCEPT_PROBABILITY;
      const actual = answer.result === 'True';
      total += 1;
      if (predicted === actual) agreed += 1;
      if (predicted && actual) truePositive += 1;
      if (predicted && !actual) falsePositive += 1;
      if (!predicted && actual) falseNegative += 1;
    }
  }
  const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);
  const precision = ratio(truePositive, truePositive + falsePositive);
  const recall = ratio(truePositive, truePositive + falseNegative);
  const f1 = precision !== null && recall !== null && precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : null;
  return { accuracy: ratio(agreed, total), precision, recall, f1, evaluated_answers: total };
}

/** Re-evaluates the waiting feedback requests with the new model: they keep their place, with new proposals. */
async function refreshQueue(ctx: ReleaseContext, appRow: ApplicationRow, modelId: string, parameters: ModelParameters) {
  const type = appRow.type as LabellableType;
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
      .set({ proposals, priority: feedbackPriority(proposals, appRow.detectionThresholds), modelId })
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
 * Releases a new model: the baseline's parameters re-fitted to the feedback so far, stored as the next `models`
 * row and made the application's current model, with its release counters and performance on that feedback.
 * With refresh_feedback the waiting requests are re-evaluated by it. Returns the updated application row.
 */
export async function releaseModel(ctx: ReleaseContext, appRow: ApplicationRow): Promise<ApplicationRow> {
  const type = appRow.type;
  if (!isLabellable(type)) throw badRequest(`Applications of type ${type} have no baseline model to release.`);
  const items = await answeredItems(ctx.db, appRow.applicationId);
  const examples = await Promise.all(
    items.map(async (item) => ({ image: await readMediaBytes(ctx.blobs, item.mediaRow), answers: item.answers })),
  );
  const parameters = await refitParameters(type, await currentParameters(ctx.db, appRow), examples);
  const performance = await evaluate(type, appRow, parameters, examples);
  const now = unixNow();
  const modelId = newId('mdl');
  const updated = await ctx.db.transaction(async (tx) => {
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
      metrics: performance,
      trainingCount: examples.length,
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
        trainingDataCount: examples.length,
        validationDataCount: examples.length,
        currentPerformance: { ...performance, model_version: version },
        answersSinceRelease: 0,
      })
      .where(eq(applications.applicationId, appRow.applicationId))
      .returning();
    return row!;
  });
  if (updated.refreshFeedback) await refreshQueue(ctx, updated, modelId, parameters);
  return updated;
}

import { and, eq, sql } from 'drizzle-orm';
import type { ImportedAnnotation } from '../../src/api/application-types/export-annotation';
import { MIN_HELD_OUT_ANSWERS } from '../../src/api/limits';
import type { AnswerSet } from '../../src/api/schemas/models';
import { feedbackQueue, media, models } from '../db/schema';
import { getApplicationRow, type ApplicationRow } from '../domain/applications';
import { submitFeedback } from '../feedback/answers';
import type { FeedbackAuthor } from '../feedback/idempotency';
import { measuredSubjects, releaseModel } from '../feedback/release';
import { labelMessages } from '../import/answers';
import type { ServiceContext } from '../service-context';
import { typeModule } from '../types/registry';
import { cameraPhotos, PHOTO_APPLICATIONS, PHOTO_CAMERAS, type PhotoCameraKey } from './photo-applications';
import { readTruth, type PhotoCollection } from './photo-library';
import type { DemoIdentity } from './seed-identity';
import { unixNow } from '../db/unix-time';

/**
 * The demo's labeller answers this many training photographs of a photo application before each release (unless
 * the application has steps of its own), from their ground truth: its releases learned from more and more answers,
 * so the models page has a learning curve. The rest stay for a person to label.
 */
const TRAINING_STEPS = [4, 8, 12, 16];

/** The history answers no training photograph its application's queue holds while that leaves fewer waiting than this. */
const KEEP_WAITING = 4;

/** A demo photograph of the tenant, with the set its answers fall in and whether the application's queue holds it. */
interface HistoryPhoto {
  mediaId: string;
  file: string;
  collection: PhotoCollection;
  set: AnswerSet;
  queued: boolean;
}

async function photosOf(ctx: ServiceContext, appRow: ApplicationRow, camera: PhotoCameraKey): Promise<HistoryPhoto[]> {
  const { collection } = PHOTO_CAMERAS[camera];
  const files = await cameraPhotos(camera);
  const rows = await ctx.db
    .select({ mediaId: media.mediaId, file: sql<string>`${media.details}->>'filename'`, set: sql<AnswerSet>`answer_set(${media.mediaId})`, queued: sql<boolean>`${feedbackQueue.mediaId} IS NOT NULL` })
    .from(media)
    .leftJoin(feedbackQueue, and(eq(feedbackQueue.appId, appRow.applicationId), eq(feedbackQueue.mediaId, media.mediaId)))
    .where(and(eq(media.tenantId, appRow.tenantId), sql`${media.metaTags} @> ${JSON.stringify(['demo', 'photo'])}::jsonb`))
    .orderBy(sql`${media.details}->>'filename'`);
  return rows.filter((row) => files.includes(row.file)).map((row) => ({ ...row, collection }));
}

/** The photograph's ground truth as a labeller's answers, as a label import would record it; false when it makes none. */
async function answerFromTruth(ctx: ServiceContext, labeller: FeedbackAuthor, appRow: ApplicationRow, photo: HistoryPhoto, decisionTime: number): Promise<boolean> {
  const module = typeModule(appRow.type)!;
  const { names } = await measuredSubjects(ctx.db, appRow);
  const uidOf = new Map([...names].map(([uid, name]) => [name, uid]));
  const annotations = (await readTruth(photo.file, photo.collection)).flatMap((object): ImportedAnnotation[] => {
    const subjectUid = uidOf.get(object.class);
    if (subjectUid === undefined) return [];
    const { box } = object;
    return [module.rule.measure === 'points' ? { kind: 'point', subjectUid, x: Math.round((box.x0 + box.x1) / 2), y: Math.round((box.y0 + box.y1) / 2) } : { kind: 'box', subjectUid, box }];
  });
  const target = { type: appRow.type, rule: module.rule, covered: appRow.outputSubjects, nameOf: (uid: string) => names.get(uid) ?? uid };
  const messages = labelMessages(target, annotations);
  if (typeof messages === 'string') return false;
  for (const subjects of messages) await submitFeedback(ctx.db, labeller, appRow.applicationId, { media_id: photo.mediaId, subjects, decision_time: decisionTime }, null);
  return true;
}

/** Seconds between two of the history's answers: a labeller's steady pace. */
const SECONDS_PER_ANSWER = 8;
const DAY_SECONDS = 86_400;

/**
 * When the history's answers were given, for the labeller analytics: in one session a day, the first `days` days ago
 * and the last yesterday, an answer every SECONDS_PER_ANSWER seconds.
 */
function sessionClock(days: number) {
  let daysAgo = days;
  let time = unixNow() - daysAgo * DAY_SECONDS;
  return {
    answer: () => (time += SECONDS_PER_ANSWER),
    nextSession: () => {
      daysAgo -= 1;
      time = unixNow() - daysAgo * DAY_SECONDS;
    },
  };
}

/**
 * Gives each demo photo application without releases a history: the demo's labeller answers its held-out
 * photographs and then, step by step (its trainingSteps, else TRAINING_STEPS), training photographs (those its queue does not hold first,
 * and of those it holds all but KEEP_WAITING), each from the photograph's ground truth, and a release follows every
 * step. An application with fewer held-out
 * photographs than a measure needs (MIN_HELD_OUT_ANSWERS) gets none: its releases could not be measured. Stops
 * after the answer or release in hand once `stopped()`; a stopped history is not resumed (its application has a
 * release, or answers that the next history gives again). Returns the releases made.
 */
export async function writePhotoHistory(
  ctx: ServiceContext,
  identity: DemoIdentity,
  applicationIds: Record<string, string>,
  stopped: () => boolean = () => false,
): Promise<number> {
  const tenantId = identity.tenantIds.demoLab;
  const labeller = { tenantId, userId: identity.userIds.labeller };
  let released = 0;
  for (const app of PHOTO_APPLICATIONS) {
    const steps = app.trainingSteps ?? TRAINING_STEPS;
    const clock = sessionClock(steps.length + 1);
    let appRow = await getApplicationRow(ctx.db, tenantId, applicationIds[app.name]!);
    const [release] = await ctx.db.select({ modelId: models.modelId }).from(models).where(eq(models.applicationId, appRow.applicationId)).limit(1);
    const photos = await photosOf(ctx, appRow, app.camera);
    const heldOut = photos.filter((photo) => photo.set === 'validation');
    if (release || heldOut.length < MIN_HELD_OUT_ANSWERS) continue;
    for (const photo of heldOut) if (!stopped()) await answerFromTruth(ctx, labeller, appRow, photo, clock.answer());
    const training = photos.filter((photo) => photo.set === 'training' && !photo.queued);
    const queued = photos.filter((photo) => photo.queued && photo.set === 'training');
    training.push(...queued.slice(0, Math.max(0, queued.length - KEEP_WAITING)));
    let answered = 0;
    for (const step of steps) {
      clock.nextSession();
      while (answered < step && training.length > 0 && !stopped()) if (await answerFromTruth(ctx, labeller, appRow, training.shift()!, clock.answer())) answered += 1;
      if (stopped()) return released;
      const version = appRow.releaseModelCount;
      appRow = await releaseModel(ctx, appRow);
      if (appRow.releaseModelCount !== version) released += 1;
    }
  }
  return released;
}

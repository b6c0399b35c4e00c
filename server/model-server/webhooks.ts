import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { ItemAnswer } from '../../src/api/application-types/answer';
import type { Focus } from '../../src/api/types';
import { focusKey as focusKeyOf } from '../../src/api/focus-key';
import type { Database } from '../db';
import { applications, assertions, media, modelServerEvents } from '../db/schema';
import { unixNow } from '../db/unix-time';
import type { ApplicationRow } from '../domain/applications';
import type { JobQueue } from '../jobs/queue';
import { callModelServer, ModelServerFailed, type ModelServerDeps } from './call';
import { imageLinkFor } from './media-link';
import { outputSubjectNames, placeOf, projectOf, serverPartOf } from './protocol';
import { hasModelServer, readModelServer } from './settings';

/** Events sent per job run; more wait for the next run, sent at once. */
const EVENTS_PER_RUN = 50;
/** A failed delivery is tried again after this many seconds, doubled after each failure, up to an hour. */
const RETRY_BASE_SECONDS = 5;
const RETRY_MAX_SECONDS = 3600;

/** Queues an event for the application's server, if it has one, and the job that sends it. */
async function queueEvent(db: Database, jobs: JobQueue, appRow: Pick<ApplicationRow, 'applicationId' | 'tenantId'>, action: string, payload: Record<string, unknown>) {
  if (!(await readModelServer(db, appRow.applicationId))) return false;
  await db.insert(modelServerEvents).values({ applicationId: appRow.applicationId, action, payload, createdAt: unixNow() });
  await jobs.send(db, 'model-webhook', { tenantId: appRow.tenantId, applicationId: appRow.applicationId }, { singletonKey: appRow.applicationId });
  return true;
}

/**
 * A labeller's answer as the protocol's `ANNOTATION_CREATED` (their first on the item) or `ANNOTATION_UPDATED`: the
 * annotation's results in the label config's tags, in percent of the image, made by the type's part.
 */
export async function queueAnswerEvent(
  db: Database,
  jobs: JobQueue,
  { applicationId, tenantId }: Pick<ApplicationRow, 'applicationId' | 'tenantId'>,
  answer: { mediaId: string; focus: Focus | null; userId: string; subjects: ItemAnswer },
): Promise<boolean> {
  // most applications have no server: they pay one read
  if (!(await hasModelServer(db, applicationId))) return false;
  const [appRow] = await db.select().from(applications).where(and(eq(applications.applicationId, applicationId), eq(applications.tenantId, tenantId)));
  const part = appRow && serverPartOf(appRow);
  if (!appRow || !part) return false;
  const [mediaRow] = await db.select({ width: media.imageWidth, height: media.imageHeight }).from(media).where(eq(media.mediaId, answer.mediaId));
  if (!mediaRow) return false;
  const focusKey = focusKeyOf(answer.focus);
  const [earlier] = await db
    .select({ n: count() })
    .from(assertions)
    .where(and(eq(assertions.appId, appRow.applicationId), eq(assertions.mediaId, answer.mediaId), eq(assertions.focusKey, focusKey), eq(assertions.userId, answer.userId), eq(assertions.current, false)));
  const place = placeOf({ width: mediaRow.width, height: mediaRow.height }, await outputSubjectNames(db, appRow));
  const result = answer.subjects.flatMap((subject) => part.toResults(subject, place));
  const action = (earlier?.n ?? 0) > 0 ? 'ANNOTATION_UPDATED' : 'ANNOTATION_CREATED';
  const taskId = `${answer.mediaId}${focusKey === '' ? '' : `#${focusKey}`}`;
  return queueEvent(db, jobs, appRow, action, {
    media_id: answer.mediaId,
    annotation: { task: taskId, completed_by: answer.userId, result, was_cancelled: false, created_at: new Date().toISOString() },
  });
}

/** A release: `START_TRAINING`, with the project; the server trains on the annotations it was sent. */
export const queueReleaseEvent = (db: Database, jobs: JobQueue, appRow: ApplicationRow) => queueEvent(db, jobs, appRow, 'START_TRAINING', {});

/**
 * Sends the application's waiting events in order (`seq`), each removed once the server took it (2xx); the first that
 * fails stops the run, which is sent again after a backoff. So each arrives at least once, in order, across restarts.
 */
export function deliverEvents(deps: DeliveryDeps, appRow: ApplicationRow): Promise<void> {
  // one run per application at a time in this process, so that a run sent while another runs cannot overtake it
  const before = delivering.get(appRow.applicationId) ?? Promise.resolve();
  const run = before.then(() => deliverInOrder(deps, appRow));
  const settled = run.catch(() => undefined);
  delivering.set(appRow.applicationId, settled);
  void settled.then(() => {
    if (delivering.get(appRow.applicationId) === settled) delivering.delete(appRow.applicationId);
  });
  return run;
}

type DeliveryDeps = ModelServerDeps & { baseUrl: () => string; mediaSecret: Buffer; jobs: JobQueue };

const delivering = new Map<string, Promise<void>>();

async function deliverInOrder(deps: DeliveryDeps, appRow: ApplicationRow): Promise<void> {
  const server = await readModelServer(deps.db, appRow.applicationId);
  if (!server) {
    await deps.db.delete(modelServerEvents).where(eq(modelServerEvents.applicationId, appRow.applicationId));
    return;
  }
  const events = await deps.db
    .select()
    .from(modelServerEvents)
    .where(eq(modelServerEvents.applicationId, appRow.applicationId))
    .orderBy(asc(modelServerEvents.seq))
    .limit(EVENTS_PER_RUN);
  for (const event of events) {
    const { media_id: mediaId, ...payload } = event.payload;
    const task = typeof mediaId === 'string' ? await taskOf(deps, server, mediaId) : undefined;
    try {
      await callModelServer(deps, server, '/webhook', { action: event.action, project: { id: projectOf(appRow) }, ...(task ? { task } : {}), ...payload });
    } catch (error) {
      if (!(error instanceof ModelServerFailed)) throw error;
      const [row] = await deps.db
        .update(modelServerEvents)
        .set({ attempts: sql`${modelServerEvents.attempts} + 1` })
        .where(eq(modelServerEvents.seq, event.seq))
        .returning({ attempts: modelServerEvents.attempts });
      const delay = Math.min(RETRY_MAX_SECONDS, RETRY_BASE_SECONDS * 2 ** ((row?.attempts ?? 1) - 1));
      await deps.jobs.send(deps.db, 'model-webhook', { tenantId: appRow.tenantId, applicationId: appRow.applicationId }, { singletonKey: appRow.applicationId, startAfterSeconds: delay });
      return;
    }
    await deps.db.delete(modelServerEvents).where(eq(modelServerEvents.seq, event.seq));
  }
  if (events.length === EVENTS_PER_RUN) await deps.jobs.send(deps.db, 'model-webhook', { tenantId: appRow.tenantId, applicationId: appRow.applicationId }, { singletonKey: appRow.applicationId });
}

/** The task of an event: the item, with a fresh link of its image. */
async function taskOf(deps: { db: Database; baseUrl: () => string; mediaSecret: Buffer }, server: NonNullable<Awaited<ReturnType<typeof readModelServer>>>, mediaId: string) {
  const [mediaRow] = await deps.db.select().from(media).where(eq(media.mediaId, mediaId));
  return mediaRow ? { id: mediaId, data: { image: imageLinkFor(deps.baseUrl(), deps.mediaSecret, server, mediaRow) } } : undefined;
}

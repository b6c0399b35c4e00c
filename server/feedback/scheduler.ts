import { and, count, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Focus } from '../../src/api/types';
import type { Database } from '../db';
import { rowsOf } from '../db/json-row';
import { unixNow } from '../db/unix-time';
import { applications, feedbackIssued, feedbackQueue, type QueuedProposal } from '../db/schema';
import { SYSTEM_FEEDBACK_PER_HOUR, type ApplicationRow } from '../domain/applications';
import { focusKey } from '../domain/assertions';
import { typeModule } from '../types/registry';
import { AMBIGUITY_CUTOFF, feedbackPriority } from '../vision/ambiguity';
import type { ModelProposal } from '../vision/models/proposal';
import { unheld } from './pull';
import { confirmationsOf, worthOf } from './queue-worth';

const HOUR_SECONDS = 3600;

function feedbackRate(app: Pick<ApplicationRow, 'requestedFeedbackPerHour'>): number {
  return app.requestedFeedbackPerHour ?? SYSTEM_FEEDBACK_PER_HOUR;
}

/**
 * Adds (or refreshes) a candidate for feedback when the model's proposals are ambiguous enough (or whatever they are,
 * where the application's `feedback_scope` is `all`), then schedules what the application's hourly budget allows. Its priority is what an answer is worth (`worthOf`). A candidate
 * already in the queue keeps its place and schedule but takes the newer proposals and priority. Inactive applications don't request feedback. Returns whether queued.
 */
export async function considerForFeedback(
  tx: Database,
  appRow: ApplicationRow,
  mediaId: string,
  focus: Focus | null | undefined,
  proposals: readonly ModelProposal[],
  modelId: string | null,
  now = unixNow(),
): Promise<boolean> {
  const module = typeModule(appRow.type);
  // A type without an answer rule (a frame comparison type's boxes) takes no feedback, however doubtful its proposals.
  if (!module || !appRow.active) return false;
  const unsure = feedbackPriority(proposals, appRow.detectionThresholds, module.objectAmbiguity) >= AMBIGUITY_CUTOFF;
  if (!unsure && appRow.feedbackScope !== 'all') return false;
  if (await answeredByPerson(tx, appRow.applicationId, mediaId, focusKey(focus))) return false;
  const queued: QueuedProposal[] = proposals.map((proposal) => ({ ...proposal }));
  const priority = worthOf(appRow, await confirmationsOf(tx, appRow.applicationId), queued);
  await tx
    .insert(feedbackQueue)
    .values({
      appId: appRow.applicationId,
      mediaId,
      focusKey: focusKey(focus),
      focus: focus ?? null,
      priority,
      proposals: queued,
      modelId,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: [feedbackQueue.appId, feedbackQueue.mediaId, feedbackQueue.focusKey],
      set: { priority, proposals: queued, modelId },
    });
  await scheduleApplication(tx, appRow.applicationId, now);
  return true;
}

/** Whether a person has answered for this media (and focus) in the application: then it is never asked again. */
async function answeredByPerson(tx: Database, appId: string, mediaId: string, key: string): Promise<boolean> {
  const result = await tx.execute(sql`
    SELECT 1 FROM assertions
    WHERE app_id = ${appId} AND media_id = ${mediaId} AND focus_key = ${key} AND user_id IS NOT NULL
    LIMIT 1`);
  return rowsOf(result).length > 0;
}

/** How many more candidates the application may schedule now: its rate less what the last hour used. */
async function remainingBudget(tx: Database, appId: string, rate: number, now: number): Promise<number> {
  const since = now - HOUR_SECONDS;
  const [waiting] = await tx
    .select({ n: count() })
    .from(feedbackQueue)
    .where(and(eq(feedbackQueue.appId, appId), gte(feedbackQueue.scheduledAt, since), isNull(feedbackQueue.firstLeasedAt)));
  const [issued] = await tx
    .select({ n: count() })
    .from(feedbackIssued)
    .where(and(eq(feedbackIssued.appId, appId), gte(feedbackIssued.issuedAt, since)));
  return Math.max(0, rate - (waiting?.n ?? 0) - (issued?.n ?? 0));
}

/**
 * Schedules the most worthwhile waiting candidates of one application, up to its hourly budget. The application
 * row is locked so that concurrent calls cannot both spend the same budget. Returns how many became scheduled.
 */
async function scheduleApplication(db: Database, appId: string, now = unixNow()): Promise<number> {
  return db.transaction(async (tx) => {
    const [app] = await tx.select().from(applications).where(eq(applications.applicationId, appId)).for('update');
    if (!app?.active) return 0;
    const rate = feedbackRate(app);
    if (app.systemFeedbackPerHour !== rate) {
      await tx.update(applications).set({ systemFeedbackPerHour: rate }).where(eq(applications.applicationId, appId));
    }
    const budget = await remainingBudget(tx, appId, rate, now);
    if (budget === 0) return 0;
    const scheduled = await tx.execute<{ media_id: string }>(sql`
      UPDATE feedback_queue SET scheduled_at = ${now}
      WHERE (app_id, media_id, focus_key) IN (
        SELECT app_id, media_id, focus_key FROM feedback_queue
        WHERE app_id = ${appId} AND scheduled_at IS NULL
        ORDER BY priority DESC, created_at
        LIMIT ${budget}
      )
      RETURNING media_id`);
    return rowsOf(scheduled).length;
  });
}

/** Schedules due candidates of every active application that has any waiting. Returns how many became scheduled. */
export async function scheduleDue(db: Database, now = unixNow()): Promise<number> {
  const waiting = await db
    .selectDistinct({ appId: feedbackQueue.appId })
    .from(feedbackQueue)
    .innerJoin(applications, eq(applications.applicationId, feedbackQueue.appId))
    .where(and(isNull(feedbackQueue.scheduledAt), eq(applications.active, true)));
  let total = 0;
  for (const { appId } of waiting) total += await scheduleApplication(db, appId, now);
  return total;
}

export interface QueueCounts {
  /** Scheduled requests that a pull can still hand out: nobody holds them (a lease that ran out counts). */
  pending: number;
  /** Requests held by labellers. */
  leased: number;
}

export async function queueCounts(db: Database, appId: string, now = unixNow()): Promise<QueueCounts> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) FILTER (WHERE ${unheld(now)})`.mapWith(Number),
      leased: sql<number>`count(*) FILTER (WHERE NOT ${unheld(now)})`.mapWith(Number),
    })
    .from(feedbackQueue)
    .where(and(eq(feedbackQueue.appId, appId), isNotNull(feedbackQueue.scheduledAt)));
  return { pending: row?.pending ?? 0, leased: row?.leased ?? 0 };
}

/** The number of scheduled requests a pull can still hand out. */
export const pendingCount = async (db: Database, appId: string): Promise<number> => (await queueCounts(db, appId)).pending;


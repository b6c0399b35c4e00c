import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { kindOf, type Focus } from '../../src/api/types';
import type { QueueFeedbackResult } from '../../src/api/schemas/feedback-queue';
import type { Database } from '../db';
import { assertions, detectionRecords, feedbackQueue, media } from '../db/schema';
import type { ApplicationRow } from '../domain/applications';
import { invalid } from '../errors';
import type { JobQueue } from '../jobs/queue';

/**
 * Queues media items of a labellable application for feedback whatever its model thinks of them (a manager's "Queue
 * for labelling"). Items a person answered in the application, and items waiting in its queue or held, are left as
 * they are; the others get a `process-media` job that asks the model afresh and queues each (see runLabellable), on
 * every focus the application saw them with. Returns what became of each id.
 */
export async function queueMediaForFeedback(db: Database, jobs: JobQueue, appRow: ApplicationRow, mediaIds: readonly string[]): Promise<QueueFeedbackResult> {
  if (kindOf(appRow.type) !== 'labellable') throw invalid(`A ${appRow.type} application takes no feedback, so nothing can be queued for labelling.`);
  const appId = appRow.applicationId;
  const ids = [...mediaIds];
  const result = await db.transaction(async (tx) => {
    const ofTheApp = <T>(rows: readonly T[], id: (row: T) => string) => new Set(rows.map(id));
    const known = ofTheApp(
      await tx.select({ id: media.mediaId }).from(media).where(and(eq(media.tenantId, appRow.tenantId), inArray(media.mediaId, ids))),
      (row) => row.id,
    );
    const answered = ofTheApp(
      await tx
        .selectDistinct({ id: assertions.mediaId })
        .from(assertions)
        .where(and(eq(assertions.appId, appId), inArray(assertions.mediaId, ids), isNotNull(assertions.userId))),
      (row) => row.id,
    );
    const waiting = ofTheApp(
      await tx.selectDistinct({ id: feedbackQueue.mediaId }).from(feedbackQueue).where(and(eq(feedbackQueue.appId, appId), inArray(feedbackQueue.mediaId, ids))),
      (row) => row.id,
    );
    const seen = await tx
      .select({ id: detectionRecords.mediaId, focus: detectionRecords.focus })
      .from(detectionRecords)
      .where(and(eq(detectionRecords.appId, appId), inArray(detectionRecords.mediaId, ids)));
    const result: QueueFeedbackResult = { queued: [], already_waiting: [], already_answered: [], not_found: [] };
    for (const mediaId of ids) {
      if (!known.has(mediaId)) result.not_found.push(mediaId);
      else if (answered.has(mediaId)) result.already_answered.push(mediaId);
      else if (waiting.has(mediaId)) result.already_waiting.push(mediaId);
      else {
        const focuses: (Focus | null)[] = seen.filter((row) => row.id === mediaId).map((row) => row.focus ?? null);
        for (const focus of focuses.length > 0 ? focuses : [null]) {
          const job = { appId, mediaId, focus, chain: [], forFeedback: true as const };
          await jobs.send(tx, 'process-media', job, { singletonKey: `feedback-queue:${appId}:${mediaId}:${JSON.stringify(focus)}` });
        }
        result.queued.push(mediaId);
      }
    }
    return result;
  });
  if (result.queued.length > 0) jobs.kick();
  return result;
}

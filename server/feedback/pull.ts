import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Focus } from '../../src/api/types';
import type { Database } from '../db';
import { feedbackIssued, media, type QueuedProposal } from '../db/schema';
import type { MediaRow } from '../domain/media';
import { unixNow } from '../domain/assertions';
import { rowsOf } from './scheduler';

export interface PulledItem {
  mediaRow: MediaRow;
  focus: Focus | null;
  proposals: QueuedProposal[];
}

interface QueueRow {
  media_id: string;
  focus: Focus | null;
  proposals: QueuedProposal[];
  priority: number;
  created_at: number;
}

/**
 * Takes up to `limit` scheduled requests off the application's queue, most ambiguous first, and records them as
 * issued, in one transaction. Rows another transaction is taking are skipped, so parallel pulls never share one.
 */
export async function pullFeedback(db: Database, appId: string, tenantId: string, limit: number): Promise<PulledItem[]> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      DELETE FROM feedback_queue AS q
      WHERE (q.app_id, q.media_id, q.focus_key) IN (
        SELECT app_id, media_id, focus_key FROM feedback_queue
        WHERE app_id = ${appId} AND scheduled_at IS NOT NULL
        ORDER BY priority DESC, created_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING q.media_id, q.focus, q.proposals, q.priority, q.created_at`);
    const taken = rowsOf<QueueRow>(result).sort((a, b) => b.priority - a.priority || a.created_at - b.created_at);
    if (taken.length === 0) return [];
    const now = unixNow();
    await tx.insert(feedbackIssued).values(taken.map((row) => ({ appId, mediaId: row.media_id, issuedAt: now })));
    const mediaRows = await tx
      .select()
      .from(media)
      .where(and(eq(media.tenantId, tenantId), inArray(media.mediaId, taken.map((row) => row.media_id))));
    const byId = new Map(mediaRows.map((row) => [row.mediaId, row]));
    return taken.flatMap((row) => {
      const mediaRow = byId.get(row.media_id);
      return mediaRow ? [{ mediaRow, focus: row.focus, proposals: row.proposals }] : [];
    });
  });
}

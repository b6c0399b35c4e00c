import { sql } from 'drizzle-orm';
import type { Focus } from '../../src/api/types';
import type { Database } from '../db';
import { jsonRowOf, rowsOf } from '../db/json-row';
import { media, type QueuedProposal } from '../db/schema';
import type { MediaRow } from '../domain/media';
import { unixNow } from '../domain/assertions';

export interface PulledItem {
  mediaRow: MediaRow;
  focus: Focus | null;
  proposals: QueuedProposal[];
}

interface TakenRow {
  focus: Focus | null;
  proposals: QueuedProposal[] | null;
  media_row: MediaRow | null;
}

/**
 * Takes up to `limit` scheduled requests off the application's queue, most ambiguous first, records them as issued
 * and returns them with their media, in one statement; null when the tenant has no such application. Rows another
 * transaction is taking are skipped, so parallel pulls never share one.
 */
export async function pullFeedback(db: Database, tenantId: string, appId: string, limit: number): Promise<PulledItem[] | null> {
  const result = await db.execute(sql`
    WITH app AS (
      SELECT application_id FROM applications WHERE application_id = ${appId} AND tenant_id = ${tenantId}
    ), taken AS (
      DELETE FROM feedback_queue AS q
      WHERE (q.app_id, q.media_id, q.focus_key) IN (
        SELECT app_id, media_id, focus_key FROM feedback_queue
        WHERE app_id = (SELECT application_id FROM app) AND scheduled_at IS NOT NULL
        ORDER BY priority DESC, created_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING q.media_id, q.focus, q.proposals, q.priority, q.created_at
    ), issued AS (
      INSERT INTO feedback_issued (app_id, media_id, issued_at) SELECT ${appId}, media_id, ${unixNow()} FROM taken
    )
    SELECT taken.focus, taken.proposals,
      (SELECT ${jsonRowOf(media)} FROM media WHERE media.media_id = taken.media_id AND media.tenant_id = ${tenantId}) AS media_row
    FROM app LEFT JOIN taken ON true
    ORDER BY taken.priority DESC, taken.created_at`);
  const rows = rowsOf<TakenRow>(result);
  if (rows.length === 0) return null;
  return rows.flatMap((row) =>
    row.media_row && row.proposals ? [{ mediaRow: row.media_row, focus: row.focus, proposals: row.proposals }] : [],
  );
}

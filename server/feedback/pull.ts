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

export interface Lease {
  readonly tenantId: string;
  readonly appId: string;
  readonly userId: string;
  readonly seconds: number;
}

/**
 * Leases up to `limit` scheduled requests to the user, in one statement: requests handed out before (given back,
 * or whose lease ran out) first, then the most ambiguous, and last those the user holds already (a labeller whose
 * browser lost its items gets them back once nothing else waits; a client drops the ones it has). Requests
 * another labeller holds, that this user skipped, or that this user answered already (an item that waits for more
 * labellers, `labellers_per_item`) are passed over; rows another transaction is taking are skipped, so parallel pulls never share one.
 * Null when the tenant has no such application.
 */
export async function pullFeedback(db: Database, lease: Lease, limit: number, now = unixNow()): Promise<PulledItem[] | null> {
  const { tenantId, appId, userId } = lease;
  const result = await db.execute(sql`
    WITH app AS (
      SELECT application_id FROM applications WHERE application_id = ${appId} AND tenant_id = ${tenantId}
    ), candidates AS (
      SELECT q.app_id, q.media_id, q.focus_key, q.first_leased_at IS NULL AS first,
        COALESCE(q.leased_by = ${userId} AND q.lease_expires_at > ${now}, false) AS held
      FROM feedback_queue AS q
      WHERE q.app_id = (SELECT application_id FROM app) AND q.scheduled_at IS NOT NULL
        AND (q.leased_by IS NULL OR q.leased_by = ${userId} OR q.lease_expires_at <= ${now})
        AND NOT EXISTS (
          SELECT 1 FROM feedback_skips AS s
          WHERE s.app_id = q.app_id AND s.media_id = q.media_id AND s.focus_key = q.focus_key
            AND s.user_id = ${userId} AND s.until > ${now}
        )
        AND NOT EXISTS (
          SELECT 1 FROM assertions AS a
          WHERE a.app_id = q.app_id AND a.media_id = q.media_id AND a.focus_key = q.focus_key
            AND a.current AND a.user_id = ${userId}
        )
      ORDER BY held, q.first_leased_at IS NULL, q.priority DESC, q.created_at
      LIMIT ${limit}
      FOR UPDATE OF q SKIP LOCKED
    ), taken AS (
      UPDATE feedback_queue AS q
      SET leased_by = ${userId}, lease_expires_at = ${now + lease.seconds}, first_leased_at = COALESCE(q.first_leased_at, ${now})
      FROM candidates AS c
      WHERE q.app_id = c.app_id AND q.media_id = c.media_id AND q.focus_key = c.focus_key
      RETURNING q.media_id, q.focus, q.proposals, q.priority, q.created_at, c.first, c.held
    ), issued AS (
      INSERT INTO feedback_issued (app_id, media_id, issued_at) SELECT ${appId}, media_id, ${now} FROM taken WHERE first
    )
    SELECT taken.focus, taken.proposals,
      (SELECT ${jsonRowOf(media)} FROM media WHERE media.media_id = taken.media_id AND media.tenant_id = ${tenantId}) AS media_row
    FROM app LEFT JOIN taken ON true
    ORDER BY taken.held, taken.first, taken.priority DESC, taken.created_at`);
  const rows = rowsOf<TakenRow>(result);
  if (rows.length === 0) return null;
  return rows.flatMap((row) =>
    row.media_row && row.proposals ? [{ mediaRow: row.media_row, focus: row.focus, proposals: row.proposals }] : [],
  );
}

/**
 * Hands the user's leased requests for these media back to the front of the queue, at once. A skip also keeps
 * them from this user for as long as a lease would last. Media the user does not hold are ignored.
 */
export async function returnFeedback(db: Database, lease: Lease, mediaIds: readonly string[], skip: boolean, now = unixNow()): Promise<void> {
  const { appId, userId } = lease;
  await db.execute(sql`
    WITH returned AS (
      UPDATE feedback_queue SET leased_by = NULL, lease_expires_at = NULL
      WHERE app_id = ${appId} AND leased_by = ${userId} AND lease_expires_at > ${now}
        AND media_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(mediaIds)}::jsonb))
      RETURNING media_id, focus_key
    )
    INSERT INTO feedback_skips (app_id, media_id, focus_key, user_id, until)
    SELECT ${appId}, media_id, focus_key, ${userId}, ${now + lease.seconds} FROM returned WHERE ${skip}
    ON CONFLICT (app_id, media_id, focus_key, user_id) DO UPDATE SET until = excluded.until`);
}

import { sql } from 'drizzle-orm';
import type { Focus } from '../../src/api/types';
import type { Database } from '../db';
import { jsonRowOf, rowsOf } from '../db/json-row';
import { feedbackQueue, media, type QueuedProposal } from '../db/schema';
import type { MediaRow } from '../domain/media';
import { unixNow } from '../db/unix-time';

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

/** The tenant's application, as a CTE: an empty result set when the tenant has no such application (404). */
const tenantApplication = (tenantId: string, appId: string) =>
  sql`app AS (SELECT application_id FROM applications WHERE application_id = ${appId} AND tenant_id = ${tenantId})`;

/** The taken requests with their media rows; one row with nulls when nothing was taken, none without the application. */
const takenWithMedia = (tenantId: string) => sql`SELECT taken.focus, taken.proposals,
      (SELECT ${jsonRowOf(media)} FROM media WHERE media.media_id = taken.media_id AND media.tenant_id = ${tenantId}) AS media_row
    FROM app LEFT JOIN taken ON true`;

/** Nobody holds the request: never pulled, handed back, or its lease ran out. The pull and `pending` share it. */
export const unheld = (now: number) => sql`(${feedbackQueue.leasedBy} IS NULL OR ${feedbackQueue.leaseExpiresAt} <= ${now})`;

/**
 * Leases up to `limit` scheduled requests that nobody holds to the user, in one statement: requests handed out
 * before (given back, or whose lease ran out) first, then the most ambiguous. A request the caller holds already
 * is never served again by a pull (`heldFeedback` gives those back), so pulling until `[]` ends after each request
 * was served once. Requests this user skipped, answered already (an item that waits for more labellers,
 * `labellers_per_item`) or was served as a gold item (gold-pull.ts) are passed over; rows another transaction is
 * taking are skipped, so parallel pulls never share one. Null when the tenant has no such application.
 */
export async function pullFeedback(db: Database, lease: Lease, limit: number, now = unixNow()): Promise<PulledItem[] | null> {
  const { tenantId, appId, userId } = lease;
  const result = await db.execute(sql`
    WITH ${tenantApplication(tenantId, appId)}, candidates AS (
      SELECT ${feedbackQueue.appId}, ${feedbackQueue.mediaId}, ${feedbackQueue.focusKey}, ${feedbackQueue.firstLeasedAt} IS NULL AS first
      FROM ${feedbackQueue}
      WHERE ${feedbackQueue.appId} = (SELECT application_id FROM app) AND ${feedbackQueue.scheduledAt} IS NOT NULL AND ${unheld(now)}
        AND NOT EXISTS (
          SELECT 1 FROM feedback_skips AS s
          WHERE s.app_id = ${feedbackQueue.appId} AND s.media_id = ${feedbackQueue.mediaId} AND s.focus_key = ${feedbackQueue.focusKey}
            AND s.user_id = ${userId} AND s.until > ${now}
        )
        AND NOT EXISTS (
          SELECT 1 FROM assertions AS a
          WHERE a.app_id = ${feedbackQueue.appId} AND a.media_id = ${feedbackQueue.mediaId} AND a.focus_key = ${feedbackQueue.focusKey}
            AND a.current AND a.user_id = ${userId}
        )
        AND NOT EXISTS (
          SELECT 1 FROM gold_answers AS ga
          WHERE ga.app_id = ${feedbackQueue.appId} AND ga.media_id = ${feedbackQueue.mediaId} AND ga.focus_key = ${feedbackQueue.focusKey}
            AND ga.user_id = ${userId}
        )
      ORDER BY ${feedbackQueue.firstLeasedAt} IS NULL, ${feedbackQueue.priority} DESC, ${feedbackQueue.createdAt}
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ), taken AS (
      UPDATE feedback_queue AS q
      SET leased_by = ${userId}, lease_expires_at = ${now + lease.seconds}, first_leased_at = COALESCE(q.first_leased_at, ${now})
      FROM candidates AS c
      WHERE q.app_id = c.app_id AND q.media_id = c.media_id AND q.focus_key = c.focus_key
      RETURNING q.media_id, q.focus, q.proposals, q.priority, q.created_at, c.first
    ), issued AS (
      INSERT INTO feedback_issued (app_id, media_id, issued_at) SELECT ${appId}, media_id, ${now} FROM taken WHERE first
    )
    ${takenWithMedia(tenantId)}
    ORDER BY taken.first, taken.priority DESC, taken.created_at`);
  return itemsOf(rowsOf<TakenRow>(result));
}

/**
 * The requests the user holds now (pulled on another device, or before storage was cleared or the browser
 * crashed), in the order they were pulled, with their leases renewed from now. Never more than `limit`. Null
 * when the tenant has no such application.
 */
export async function heldFeedback(db: Database, lease: Lease, limit: number, now = unixNow()): Promise<PulledItem[] | null> {
  const { tenantId, appId, userId } = lease;
  const result = await db.execute(sql`
    WITH ${tenantApplication(tenantId, appId)}, taken AS (
      UPDATE feedback_queue AS q SET lease_expires_at = ${now + lease.seconds}
      WHERE (q.app_id, q.media_id, q.focus_key) IN (
        SELECT app_id, media_id, focus_key FROM feedback_queue
        WHERE app_id = (SELECT application_id FROM app) AND leased_by = ${userId} AND lease_expires_at > ${now}
        ORDER BY first_leased_at, priority DESC, created_at
        LIMIT ${limit}
        FOR UPDATE
      )
      RETURNING q.media_id, q.focus, q.proposals, q.first_leased_at, q.priority, q.created_at
    )
    ${takenWithMedia(tenantId)}
    ORDER BY taken.first_leased_at, taken.priority DESC, taken.created_at`);
  return itemsOf(rowsOf<TakenRow>(result));
}

function itemsOf(rows: TakenRow[]): PulledItem[] | null {
  if (rows.length === 0) return null;
  return rows.flatMap((row) =>
    row.media_row && row.proposals ? [{ mediaRow: row.media_row, focus: row.focus, proposals: row.proposals }] : [],
  );
}

/**
 * Hands the user's leased requests for these media back to the front of the queue, at once. A skip also keeps
 * them from this user for as long as a lease would last, and is logged for the analytics. Media the user does not
 * hold are ignored.
 */
export async function returnFeedback(db: Database, lease: Lease, mediaIds: readonly string[], skip: boolean, now = unixNow()): Promise<void> {
  const { appId, userId } = lease;
  await db.execute(sql`
    WITH returned AS (
      UPDATE feedback_queue SET leased_by = NULL, lease_expires_at = NULL
      WHERE app_id = ${appId} AND leased_by = ${userId} AND lease_expires_at > ${now}
        AND media_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(mediaIds)}::jsonb))
      RETURNING media_id, focus_key
    ), logged AS (
      INSERT INTO feedback_skip_log (app_id, user_id, media_id, focus_key, skipped_at)
      SELECT ${appId}, ${userId}, media_id, focus_key, ${now} FROM returned WHERE ${skip}
    )
    INSERT INTO feedback_skips (app_id, media_id, focus_key, user_id, until)
    SELECT ${appId}, media_id, focus_key, ${userId}, ${now + lease.seconds} FROM returned WHERE ${skip}
    ON CONFLICT (app_id, media_id, focus_key, user_id) DO UPDATE SET until = excluded.until`);
}

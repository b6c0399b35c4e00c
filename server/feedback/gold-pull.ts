import { sql } from 'drizzle-orm';
import type { Focus } from '../../src/api/types';
import type { Database } from '../db';
import { jsonRowOf, rowsOf } from '../db/json-row';
import { media, type QueuedProposal } from '../db/schema';
import type { MediaRow } from '../domain/media';
import { unixNow } from '../db/unix-time';
import { heldFeedback, pullFeedback, type Lease, type PulledItem } from './pull';

/**
 * Gold items of the application the user may be served: never served to them, on an item they never answered, and
 * not an item they hold as a feedback request. `g` is gold_items.
 */
const servable = (lease: Lease, now: number) => sql`g.app_id = ${lease.appId}
  AND NOT EXISTS (SELECT 1 FROM gold_answers AS ga
    WHERE ga.app_id = g.app_id AND ga.media_id = g.media_id AND ga.focus_key = g.focus_key AND ga.user_id = ${lease.userId})
  AND NOT EXISTS (SELECT 1 FROM assertions AS a
    WHERE a.app_id = g.app_id AND a.media_id = g.media_id AND a.focus_key = g.focus_key AND a.user_id = ${lease.userId})
  AND NOT EXISTS (SELECT 1 FROM feedback_queue AS q
    WHERE q.app_id = g.app_id AND q.media_id = g.media_id AND q.focus_key = g.focus_key
      AND q.leased_by = ${lease.userId} AND q.lease_expires_at > ${now})`;

interface GoldRow {
  focus: Focus | null;
  proposals: QueuedProposal[];
  media_row: MediaRow | null;
}

/** The served gold items as the pull's items: what a feedback request of the queue carries. */
const goldWithMedia = (tenantId: string) => sql`SELECT g.focus, g.proposals,
    (SELECT ${jsonRowOf(media)} FROM media WHERE media.media_id = g.media_id AND media.tenant_id = ${tenantId}) AS media_row`;

const itemsOf = (rows: GoldRow[]): PulledItem[] =>
  rows.flatMap((row) => (row.media_row ? [{ mediaRow: row.media_row, focus: row.focus, proposals: row.proposals }] : []));

/** The application's gold rate and how many gold items (up to `limit`) the user may be served; null without the application. */
async function goldAvailable(db: Database, lease: Lease, limit: number, now: number) {
  const result = await db.execute(sql`
    SELECT gold_rate,
      (SELECT count(*) FROM (SELECT 1 FROM gold_items AS g WHERE ${servable(lease, now)} LIMIT ${limit}) AS s)::integer AS available
    FROM applications WHERE application_id = ${lease.appId} AND tenant_id = ${lease.tenantId}`);
  return rowsOf<{ gold_rate: number; available: number }>(result)[0] ?? null;
}

/** Serves up to `count` gold items to the user, chosen at random, each leased as a request is. */
async function serveGold(db: Database, lease: Lease, count: number, now: number): Promise<PulledItem[]> {
  if (count === 0) return [];
  const result = await db.execute(sql`
    WITH chosen AS (
      SELECT g.media_id, g.focus_key FROM gold_items AS g WHERE ${servable(lease, now)} ORDER BY random() LIMIT ${count}
    ), served AS (
      INSERT INTO gold_answers (app_id, media_id, focus_key, user_id, served_at, lease_expires_at)
      SELECT ${lease.appId}, media_id, focus_key, ${lease.userId}, ${now}, ${now + lease.seconds} FROM chosen
      ON CONFLICT DO NOTHING
      RETURNING media_id, focus_key
    )
    ${goldWithMedia(lease.tenantId)}
    FROM served JOIN gold_items AS g ON g.app_id = ${lease.appId} AND g.media_id = served.media_id AND g.focus_key = served.focus_key`);
  return itemsOf(rowsOf<GoldRow>(result));
}

/**
 * How many gold items go with `regular` requests so that gold is `rate` of the batch: r·rate/(1 − rate) on average,
 * its fraction drawn at random. None with no request, so that an empty queue stays empty.
 */
export function goldCount(regular: number, rate: number, random: () => number): number {
  const expected = (regular * rate) / (1 - rate);
  const whole = Math.floor(expected);
  return whole + (random() < expected - whole ? 1 : 0);
}

/** The items with the extra ones put in at random places. */
export function interleave<T>(items: readonly T[], extra: readonly T[], random: () => number): T[] {
  const mixed = [...items];
  for (const item of extra) mixed.splice(Math.floor(random() * (mixed.length + 1)), 0, item);
  return mixed;
}

/**
 * A pull with gold items mixed in at the application's gold rate, at random places, each served as a request of the
 * queue is (media, focus, the stored proposals): a labeller cannot tell them apart. Room for gold is kept in the
 * limit, and at least one request is regular, so a pull that finds no request serves no gold and pulling until `[]`
 * ends. Null when the tenant has no such application.
 */
export async function pullWithGold(db: Database, lease: Lease, limit: number, random = Math.random, now = unixNow()): Promise<PulledItem[] | null> {
  const gold = await goldAvailable(db, lease, limit - 1, now);
  const reserved = gold && gold.gold_rate > 0 ? Math.min(gold.available, goldCount(limit * (1 - gold.gold_rate), gold.gold_rate, random)) : 0;
  const regular = await pullFeedback(db, lease, limit - reserved, now);
  if (!regular || !gold || reserved === 0) return regular;
  const count = regular.length === limit - reserved ? reserved : Math.min(reserved, goldCount(regular.length, gold.gold_rate, random));
  return interleave(regular, await serveGold(db, lease, count, now), random);
}

/** The gold items the user holds (served, not answered, not handed back, lease running), their leases renewed. */
async function heldGold(db: Database, lease: Lease, limit: number, now: number): Promise<PulledItem[]> {
  if (limit <= 0) return [];
  const result = await db.execute(sql`
    WITH held AS (
      UPDATE gold_answers SET lease_expires_at = ${now + lease.seconds}
      WHERE (app_id, media_id, focus_key, user_id) IN (
        SELECT app_id, media_id, focus_key, user_id FROM gold_answers
        WHERE app_id = ${lease.appId} AND user_id = ${lease.userId} AND answered_at IS NULL AND NOT skipped AND lease_expires_at > ${now}
        ORDER BY served_at LIMIT ${limit}
      )
      RETURNING media_id, focus_key
    )
    ${goldWithMedia(lease.tenantId)}
    FROM held JOIN gold_items AS g ON g.app_id = ${lease.appId} AND g.media_id = held.media_id AND g.focus_key = held.focus_key`);
  return itemsOf(rowsOf<GoldRow>(result));
}

/** The requests and gold items the user holds, at most `limit`, leases renewed; null without the application. */
export async function heldWithGold(db: Database, lease: Lease, limit: number, random = Math.random, now = unixNow()): Promise<PulledItem[] | null> {
  const regular = await heldFeedback(db, lease, limit, now);
  if (!regular) return null;
  return interleave(regular, await heldGold(db, lease, limit - regular.length, now), random);
}

/** Handing a gold item back (skipped or not) ends its serving: its lease ends and it is never served to the user again. */
export async function returnGold(db: Database, lease: Lease, mediaIds: readonly string[], now = unixNow()): Promise<void> {
  await db.execute(sql`
    UPDATE gold_answers SET skipped = true, lease_expires_at = ${now}
    WHERE app_id = ${lease.appId} AND user_id = ${lease.userId} AND answered_at IS NULL AND lease_expires_at > ${now}
      AND media_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(mediaIds)}::jsonb))`);
}

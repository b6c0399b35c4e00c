import { sql } from 'drizzle-orm';
import type { Database } from '../db';
import type { BlobStore } from '../media/blob-store';
import { storeMedia } from '../media/store-media';
import { makeImage } from '../media/test-images';

/**
 * `count` media rows `<prefix>1` ... `<prefix><count>` in one statement, all showing one small stored image, so
 * their URLs work without storing thousands of files.
 */
export async function insertMediaRows(db: Database, blobs: BlobStore, tenantId: string, prefix: string, count: number): Promise<void> {
  const stored = await storeMedia(blobs, await makeImage('jpeg', 320, 240));
  const now = Date.now() / 1000;
  await db.execute(sql`
    INSERT INTO media (media_id, tenant_id, created_at, media_timestamp, md5, media_format, size, image_width, image_height,
                       original_key, variant_keys)
    SELECT ${prefix} || i, ${tenantId}, ${now}, ${now}, ${stored.md5}, ${stored.format}, ${stored.size}, ${stored.width},
           ${stored.height}, ${stored.originalKey}, ${JSON.stringify(stored.variants)}::jsonb
    FROM generate_series(1, ${count}::int) AS i`);
}

export interface DetectionsFixture {
  tenantId: string;
  applicationId: string;
  /** The model the assertions name; the application's baseline model id for `only_model` to match. */
  modelId: string;
  /** One model assertion per subject on each media item. */
  subjectUids: readonly string[];
  /** How many model assertions in all: records = ceil(assertions / subjects). */
  assertions: number;
  /** Media ids are `<prefix><n>`, n from 1. */
  mediaIdPrefix?: string;
  /** Every `consensusEvery`-th record also holds a user's answer (current, probability 1); 0 for none. */
  consensusEvery?: number;
  userId?: string;
}

/**
 * Bulk-inserts a large application for timing the detections list: media rows (all showing one stored image, so
 * their signed URLs work), model assertions with spread probabilities, some users' answers, and detection records
 * in update order. A few set-based statements, then ANALYZE, so 100,000 assertions take seconds, not minutes.
 * Returns the number of records.
 */
export async function insertDetectionsFixture(db: Database, blobs: BlobStore, fixture: DetectionsFixture): Promise<number> {
  const { tenantId, applicationId, modelId, subjectUids } = fixture;
  const prefix = fixture.mediaIdPrefix ?? 'med_perf_';
  const consensusEvery = fixture.consensusEvery ?? 0;
  const records = Math.ceil(fixture.assertions / subjectUids.length);
  const now = Date.now() / 1000;
  // Record i was last updated at now - (records - i) * 0.01: the newest is the last.
  const updatedAt = sql`${now} - (${records}::int - i) * 0.01`;
  await insertMediaRows(db, blobs, tenantId, prefix, records);
  await db.execute(sql`
    INSERT INTO assertions (detection_id, tenant_id, media_id, subject_uid, model_id, app_id, probability, uncal_prob, created_at)
    SELECT ${`det_${prefix}`} || i || '_' || s.n, ${tenantId}, ${prefix} || i, s.uid, ${modelId}, ${applicationId},
           ((i * 7 + s.n * 13) % 100) / 100.0, ((i * 7 + s.n * 13) % 100) / 100.0, ${updatedAt}
    FROM generate_series(1, ${records}::int) AS i
    CROSS JOIN unnest(ARRAY[${sql.join(subjectUids.map((uid) => sql`${uid}`), sql`, `)}]::text[]) WITH ORDINALITY AS s(uid, n)
    ORDER BY i, s.n
    LIMIT ${fixture.assertions}`);
  if (consensusEvery > 0 && subjectUids[0] !== undefined) {
    await db.execute(sql`
      INSERT INTO assertions (detection_id, tenant_id, media_id, subject_uid, user_id, app_id, probability, uncal_prob,
                              created_at, decision_time)
      SELECT ${`det_${prefix}user_`} || i, ${tenantId}, ${prefix} || i, ${subjectUids[0]}, ${fixture.userId ?? 'usr_perf'},
             ${applicationId}, 1, 1, ${updatedAt}, ${updatedAt}
      FROM generate_series(${consensusEvery}::int, ${records}::int, ${consensusEvery}::int) AS i`);
  }
  await db.execute(sql`
    INSERT INTO detection_records (app_id, media_id, focus_key, updated_at, update_seq)
    SELECT ${applicationId}, ${prefix} || i, '', ${updatedAt}, nextval('detection_update_seq')
    FROM generate_series(1, ${records}::int) AS i ORDER BY i`);
  await db.execute(sql`ANALYZE`);
  return records;
}

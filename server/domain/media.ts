import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Media } from '../../src/api/schemas/media';
import type { AnswerSet } from '../../src/api/schemas/models';
import type { AuthContext } from '../auth/context';
import type { Database } from '../db';
import { newId } from '../db/ids';
import { rowsOf } from '../db/json-row';
import { media, type MediaDetails } from '../db/schema';
import { forbidden, notFound } from '../errors';
import type { BlobStore } from '../media/blob-store';
import { mediaUrls, type MediaSigningSecret } from '../media/signed-urls';
import type { PlanAllowance } from '../media/open-image';
import { storeMedia, type StoredMedia } from '../media/store-media';
import { unixNow } from '../db/unix-time';

export type MediaRow = typeof media.$inferSelect;

/** What signs the URLs of media objects: the absolute base of the service and the signing secret. */
export interface MediaLinks {
  baseUrl: string;
  secret: MediaSigningSecret;
}

/** A video or an animated GIF: it has a duration. */
export const isVideo = (row: MediaRow) => row.details.duration != null;

/** The media object, with absolute signed `media_url` and `resize_urls`. */
export function toMedia(row: MediaRow, { baseUrl, secret }: MediaLinks): Media {
  const urls = mediaUrls(baseUrl, secret, { originalKey: row.originalKey, variants: row.variantKeys });
  const details = row.details;
  return {
    media_id: row.mediaId,
    tenant_id: row.tenantId,
    created_at: row.createdAt,
    media_timestamp: row.mediaTimestamp,
    md5: row.md5,
    media_format: row.mediaFormat,
    size: row.size,
    image_width: row.imageWidth,
    image_height: row.imageHeight,
    ...urls,
    meta_tags: row.metaTags,
    parent_media_ids: row.parentMediaIds,
    video: isVideo(row),
    duration: details.duration ?? null,
    status: row.status,
    set_assignment: row.setAssignment,
    media_src: row.mediaSrc,
    author: details.author ?? null,
    author_profile_url: details.author_profile_url ?? null,
    external_media_id: details.external_media_id ?? null,
    filename: details.filename ?? null,
    frame: details.frame ?? null,
    place_in_plan: details.place_in_plan ?? null,
    license: details.license ?? null,
    network_camera_id: details.network_camera_id ?? null,
    original_landing_url: details.original_landing_url ?? null,
    original_url: details.original_url ?? null,
    parent_media_id: row.parentMediaIds[0] ?? null,
    preview_url: null,
    source_url: details.source_url ?? null,
    title: details.title ?? null,
    uploaded_by_user: row.uploadedByUser,
  };
}

/** The media row of the tenant; 404 when it does not exist or belongs to another tenant. */
export async function getMediaRow(db: Database, tenantId: string, mediaId: string): Promise<MediaRow> {
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.mediaId, mediaId), eq(media.tenantId, tenantId)));
  if (!row) throw notFound('Media not found.');
  return row;
}

export interface NewMedia {
  tenantId: string;
  /** Null for media the service made itself (a video's frames keep their video's uploader). */
  uploadedBy: string | null;
  stored: StoredMedia;
  mediaTimestamp?: number;
  metaTags?: string[];
  setAssignment?: string;
  details?: MediaDetails;
  /** The media this one was made from (a video, for its frames). */
  parentMediaIds?: string[];
  /** Where it came from: `upload` when absent, else the capture type that brought it in. */
  mediaSrc?: string;
  /** Its id, when the caller chose one (`mediaIdIn`); else a new one. */
  mediaId?: string;
}

/** A new media id whose answers fall in the given set (the database function `answer_set`). */
export async function mediaIdIn(db: Database, set: AnswerSet): Promise<string> {
  for (;;) {
    const mediaId = newId('med');
    const [row] = rowsOf<{ set: AnswerSet }>(await db.execute(sql`SELECT answer_set(${mediaId}) AS set`));
    if (row?.set === set) return mediaId;
  }
}

export async function insertMedia(db: Database, input: NewMedia): Promise<MediaRow> {
  const createdAt = unixNow();
  const { stored } = input;
  const [row] = await db
    .insert(media)
    .values({
      mediaId: input.mediaId ?? newId('med'),
      tenantId: input.tenantId,
      createdAt,
      mediaTimestamp: input.mediaTimestamp ?? createdAt,
      md5: stored.md5,
      mediaFormat: stored.format,
      size: stored.size,
      imageWidth: stored.width,
      imageHeight: stored.height,
      originalKey: stored.originalKey,
      variantKeys: stored.variants,
      metaTags: input.metaTags ?? [],
      parentMediaIds: input.parentMediaIds ?? [],
      ...(input.setAssignment ? { setAssignment: input.setAssignment } : {}),
      ...(input.mediaSrc ? { mediaSrc: input.mediaSrc } : {}),
      details: { ...input.details, ...(stored.duration === undefined ? {} : { duration: stored.duration }) },
      uploadedByUser: input.uploadedBy,
    })
    .returning();
  return row!;
}

/**
 * An uploaded file and what the uploader said of it; `allowDuplicate` keeps bytes the tenant already has as a new item,
 * and `plan` lets it have the pixels of a plan (PLAN_MAX_PIXELS).
 */
export type NewUpload = Omit<NewMedia, 'stored'> & { bytes: Buffer; allowDuplicate?: boolean } & PlanAllowance;

/** An upload's media item, and whether it is an earlier item of the same bytes rather than a new one. */
export interface StoredUpload {
  row: MediaRow;
  duplicate: boolean;
}

/** The tenant's oldest media item of these bytes. */
async function mediaOfBytes(db: Database, tenantId: string, md5: string): Promise<MediaRow | undefined> {
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.tenantId, tenantId), eq(media.md5, md5)))
    .orderBy(asc(media.createdAt), asc(media.mediaId))
    .limit(1);
  return row;
}

/**
 * Checks and stores an uploaded image and its resized copies (refused: too large, not an image), then creates its
 * media item. Bytes the tenant already has (by md5) are not stored twice: the earlier item is the answer, marked a
 * duplicate, unless the upload allows duplicates. Uploads of the same bytes at once wait for each other (an advisory
 * lock on tenant and md5), so they make one item.
 */
export async function storeUpload(db: Database, blobs: BlobStore, { bytes, allowDuplicate = false, plan, ...item }: NewUpload): Promise<StoredUpload> {
  const md5 = createHash('md5').update(bytes).digest('hex');
  const earlier = allowDuplicate ? undefined : await mediaOfBytes(db, item.tenantId, md5);
  if (earlier) return { row: earlier, duplicate: true };
  const stored = await storeMedia(blobs, bytes, { plan });
  return db.transaction(async (tx) => {
    if (!allowDuplicate) {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`media:${item.tenantId}:${md5}`}))`);
      const raced = await mediaOfBytes(tx, item.tenantId, md5);
      if (raced) return { row: raced, duplicate: true };
    }
    return { row: await insertMedia(tx, { ...item, stored }), duplicate: false };
  });
}

/** The bytes of a stored file. */
async function readBlob(blobs: BlobStore, key: string, row: MediaRow): Promise<Buffer> {
  const blob = await blobs.get(key);
  if (!blob) throw new Error(`The bytes of media ${row.mediaId} are missing from the blob store.`);
  if (Buffer.isBuffer(blob.body)) return blob.body;
  return buffer(blob.body as Readable);
}

/** The original bytes of a media item. */
export const readOriginalBytes = (blobs: BlobStore, row: MediaRow): Promise<Buffer> => readBlob(blobs, row.originalKey, row);

/** The image the models see of a media item: the image itself, or a video's poster (its first frame). */
export function readMediaBytes(blobs: BlobStore, row: MediaRow): Promise<Buffer> {
  const key = isVideo(row) ? row.variantKeys[String(row.imageWidth)] : undefined;
  return readBlob(blobs, key ?? row.originalKey, row);
}

/**
 * Deletes the media item with its assertions, records and queue entries, then the files no other item shares.
 * A tenant_admin may delete any media item of the tenant; a tenant_user only what they uploaded.
 */
export async function deleteMediaItem(db: Database, blobs: BlobStore, row: MediaRow, by: AuthContext): Promise<void> {
  if (by.role !== 'tenant_admin' && row.uploadedByUser !== by.userId) {
    throw forbidden('Only a tenant administrator or the uploader may delete this media item.');
  }
  await db.delete(media).where(eq(media.mediaId, row.mediaId));
  for (const key of [row.originalKey, ...Object.values(row.variantKeys)]) {
    const [shared] = await db
      .select({ id: media.mediaId })
      .from(media)
      .where(sql`${media.originalKey} = ${key} OR EXISTS (SELECT 1 FROM jsonb_each_text(${media.variantKeys}) AS v WHERE v.value = ${key})`)
      .limit(1);
    if (!shared) await blobs.delete(key);
  }
}

/** What `GET /1/media/all/search` matches on: each given field exactly; at least one is given. */
export interface MediaSearch {
  md5?: string;
  filename?: string;
  externalMediaId?: string;
  limit: number;
}

/** The tenant's media items that match every given field, newest first. */
export async function searchMedia(db: Database, tenantId: string, search: MediaSearch): Promise<MediaRow[]> {
  const conditions: SQL[] = [eq(media.tenantId, tenantId)];
  if (search.md5 !== undefined) conditions.push(eq(media.md5, search.md5.toLowerCase()));
  if (search.filename !== undefined) conditions.push(sql`${media.details}->>'filename' = ${search.filename}`);
  if (search.externalMediaId !== undefined) conditions.push(sql`${media.details}->>'external_media_id' = ${search.externalMediaId}`);
  return db
    .select()
    .from(media)
    .where(and(...conditions))
    .orderBy(desc(media.createdAt), desc(media.mediaId))
    .limit(search.limit);
}

/**
 * The frames made of a video (media whose first parent it is, with a `frame` number), in frame order, at most
 * `limit`. Twin frames (two segmenters of one video) count once: the earliest made.
 */
export async function listFramesOf(db: Database, tenantId: string, videoId: string, limit: number): Promise<MediaRow[]> {
  const frame = sql<number>`(${media.details} ->> 'frame')::int`;
  return db
    .selectDistinctOn([frame])
    .from(media)
    .where(and(eq(media.tenantId, tenantId), sql`${media.parentMediaIds} ->> 0 = ${videoId}`, sql`${media.details} ->> 'frame' IS NOT NULL`))
    .orderBy(frame, asc(media.createdAt), asc(media.mediaId))
    .limit(limit);
}

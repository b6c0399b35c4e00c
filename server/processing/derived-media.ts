import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { media } from '../db/schema';
import type { ApplicationRow } from '../domain/applications';
import { insertMedia, isVideo, readOriginalBytes, type MediaRow } from '../domain/media';
import { markJobFinished } from '../jobs/finished';
import { storeMedia, type StoredMedia } from '../media/store-media';
import { MediaSkipped, type DerivedMedia, type PipelineModule } from '../types/pipeline-module';
import type { ServiceContext } from '../service-context';

/** The children an application already made of this media item, by their frame: a second run makes no twins. */
async function childrenByFrame(tx: Database, source: MediaRow): Promise<Map<number, MediaRow>> {
  const rows = await tx
    .select()
    .from(media)
    .where(and(eq(media.tenantId, source.tenantId), sql`${media.parentMediaIds} @> ${JSON.stringify([source.mediaId])}::jsonb`));
  return new Map(rows.flatMap((row) => (row.details.frame == null ? [] : [[row.details.frame, row] as const])));
}

/** `street.mp4` → `street-frame-000012.jpg`: exports name files by their media's file name. */
const childFileName = (sourceName: string, item: DerivedMedia) => `${sourceName.replace(/\.[^.]*$/, '')}-${item.fileSuffix}`;

type RecordProposals = (tx: Database, child: MediaRow) => Promise<number>;

/** What the module derives from the item; nothing when it skips it or cannot read it (the reason goes to the log). */
async function deriveOrNothing(ctx: ServiceContext, module: PipelineModule, appRow: ApplicationRow, source: MediaRow): Promise<DerivedMedia[]> {
  try {
    return await module.derive({ video: isVideo(source), readBytes: () => readOriginalBytes(ctx.blobs, source) }, appRow.customFields);
  } catch (error) {
    if (error instanceof MediaSkipped) {
      ctx.log.info({ reason: error.message, mediaId: source.mediaId, applicationId: appRow.applicationId }, 'A pipeline application skipped a media item.');
      return [];
    }
    ctx.log.warn({ err: error, mediaId: source.mediaId, applicationId: appRow.applicationId }, 'A pipeline application could not read a media item.');
    return [];
  }
}

/**
 * Runs a pipeline application on one media item: its module derives new media (a video's frames), which are stored
 * as children of the item (`parent_media_ids`, `frame`, `media_timestamp` = the item's plus the offset) and, in one
 * transaction with the job's end, asserted for every output subject by `recordFor`, which also sends them on to the
 * applications downstream. A media item its module cannot read (a video ffmpeg fails on) makes no children: the job
 * still ends. Returns how many downstream jobs were queued.
 */
export async function deriveMedia(
  ctx: ServiceContext,
  module: PipelineModule,
  appRow: ApplicationRow,
  source: MediaRow,
  { jobId }: { jobId?: string },
  recordFor: RecordProposals,
): Promise<number> {
  const derived = appRow.active ? await deriveOrNothing(ctx, module, appRow, source) : [];
  const stored: { item: DerivedMedia; stored: StoredMedia }[] = [];
  // One at a time: each frame is decoded and resized, and a video can have hundreds.
  for (const item of derived) stored.push({ item, stored: await storeMedia(ctx.blobs, item.image) });
  return ctx.db.transaction(async (tx) => {
    if (jobId !== undefined && !(await markJobFinished(tx, jobId))) return 0;
    const existing = await childrenByFrame(tx, source);
    let flowed = 0;
    for (const { item, stored: file } of stored) {
      const child =
        existing.get(item.frame) ??
        (await insertMedia(tx, {
          tenantId: source.tenantId,
          uploadedBy: source.uploadedByUser,
          stored: file,
          mediaTimestamp: source.mediaTimestamp + item.offsetSeconds,
          setAssignment: source.setAssignment,
          details: { frame: item.frame, ...(source.details.filename ? { filename: childFileName(source.details.filename, item) } : {}) },
          parentMediaIds: [source.mediaId],
        }));
      flowed += await recordFor(tx, child);
    }
    return flowed;
  });
}

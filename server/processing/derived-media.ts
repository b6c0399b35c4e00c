import { and, eq, sql } from 'drizzle-orm';
import type { PlaceInPlan } from '../../src/api/schemas/media';
import type { Focus } from '../../src/api/types';
import type { Database } from '../db';
import { assertions, media } from '../db/schema';
import type { ApplicationRow } from '../domain/applications';
import { insertMedia, isVideo, readOriginalBytes, type MediaRow } from '../domain/media';
import { listPlanTiles } from '../domain/plan-tiles';
import { markJobFinished } from '../jobs/finished';
import { storeMedia, type StoredMedia } from '../media/store-media';
import { MediaSkipped, type DerivedMedia, type PipelineModule, type PipelineResult, type SourceMedia } from '../types/pipeline-module';
import type { ServiceContext } from '../service-context';

/**
 * The children this application already made of this media item (those it asserted), by their frame: a second run
 * makes no twins, and the children other pipeline applications made of the item are not taken for its own.
 */
async function childrenByFrame(tx: Database, source: MediaRow, appRow: ApplicationRow): Promise<Map<number, MediaRow>> {
  const rows = await tx
    .select()
    .from(media)
    .where(
      and(
        eq(media.tenantId, source.tenantId),
        sql`${media.parentMediaIds} @> ${JSON.stringify([source.mediaId])}::jsonb`,
        sql`EXISTS (SELECT 1 FROM ${assertions} WHERE ${assertions.mediaId} = ${media.mediaId} AND ${assertions.appId} = ${appRow.applicationId})`,
      ),
    );
  return new Map(rows.flatMap((row) => (row.details.frame == null ? [] : [[row.details.frame, row] as const])));
}

/** `street.mp4` → `street-frame-000012.jpg`: exports name files by their media's file name. */
const childFileName = (sourceName: string, item: DerivedMedia) => `${sourceName.replace(/\.[^.]*$/, '')}-${item.fileSuffix}`;

/** The item as a pipeline module reads it. */
function sourceMediaOf(ctx: ServiceContext, row: MediaRow): SourceMedia {
  const placeInPlan = row.details.place_in_plan ?? null;
  return {
    mediaId: row.mediaId,
    video: isVideo(row),
    width: row.imageWidth,
    height: row.imageHeight,
    placeInPlan,
    readBytes: () => readOriginalBytes(ctx.blobs, row),
    async tilesOfItsPlan() {
      const tiles = placeInPlan ? await listPlanTiles(ctx.db, row.tenantId, placeInPlan) : [row];
      return tiles.map((tile) => ({
        mediaId: tile.mediaId,
        box: tile.details.place_in_plan?.box ?? { x0: 0, y0: 0, x1: tile.imageWidth, y1: tile.imageHeight },
        readBytes: () => readOriginalBytes(ctx.blobs, tile),
      }));
    },
  };
}

const NOTHING: PipelineResult = { children: [] };

/** What the module gives for the item; nothing when it skips it or cannot read it (the reason goes to the log). */
async function runOrNothing(ctx: ServiceContext, module: PipelineModule, appRow: ApplicationRow, source: MediaRow): Promise<PipelineResult> {
  try {
    return await module.run(sourceMediaOf(ctx, source), appRow.customFields);
  } catch (error) {
    if (error instanceof MediaSkipped) {
      ctx.log.info({ reason: error.message, mediaId: source.mediaId, applicationId: appRow.applicationId }, 'A pipeline application skipped a media item.');
      return NOTHING;
    }
    ctx.log.warn({ err: error, mediaId: source.mediaId, applicationId: appRow.applicationId }, 'A pipeline application could not read a media item.');
    return NOTHING;
  }
}

const placeOf = (item: DerivedMedia, source: MediaRow, appRow: ApplicationRow): PlaceInPlan | undefined =>
  item.place && { media_id: item.place.planMediaId ?? source.mediaId, application_id: appRow.applicationId, box: item.place.box };

type RecordFor = (tx: Database, item: MediaRow, focus: Focus | null) => Promise<number>;

/**
 * Runs a pipeline application on one media item. The media its module derives (a video's frames, a plan's sub-plans)
 * are stored as children of the item (`parent_media_ids`, `frame`, `place_in_plan`, `media_timestamp` = the item's plus
 * the offset) and, in one transaction with the job's end, asserted for every output subject by `recordFor`, which also
 * sends them on to the applications downstream; so is the item itself when the module passes it on (with its focus).
 * A media item its module cannot read (a video ffmpeg fails on) gives nothing: the job still ends. Returns how many
 * downstream jobs were queued.
 */
export async function runPipelineModule(
  ctx: ServiceContext,
  module: PipelineModule,
  appRow: ApplicationRow,
  source: MediaRow,
  { jobId }: { jobId?: string },
  recordFor: RecordFor,
): Promise<number> {
  const result = appRow.active ? await runOrNothing(ctx, module, appRow, source) : NOTHING;
  const stored: { item: DerivedMedia; stored: StoredMedia }[] = [];
  // One at a time: each frame is decoded and resized, and a video can have hundreds.
  for (const item of result.children) stored.push({ item, stored: await storeMedia(ctx.blobs, item.image) });
  return ctx.db.transaction(async (tx) => {
    if (jobId !== undefined && !(await markJobFinished(tx, jobId))) return 0;
    let flowed = result.passOn ? await recordFor(tx, source, result.passOn.focus) : 0;
    const existing = await childrenByFrame(tx, source, appRow);
    for (const { item, stored: file } of stored) {
      const place = placeOf(item, source, appRow);
      const child =
        existing.get(item.frame) ??
        (await insertMedia(tx, {
          tenantId: source.tenantId,
          uploadedBy: source.uploadedByUser,
          stored: file,
          mediaTimestamp: source.mediaTimestamp + item.offsetSeconds,
          setAssignment: source.setAssignment,
          details: {
            frame: item.frame,
            ...(source.details.filename ? { filename: childFileName(source.details.filename, item) } : {}),
            ...(place ? { place_in_plan: place } : {}),
          },
          parentMediaIds: [source.mediaId, ...(item.otherParentIds ?? [])],
        }));
      flowed += await recordFor(tx, child, null);
    }
    return flowed;
  });
}

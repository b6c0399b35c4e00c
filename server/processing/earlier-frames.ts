import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { assertions, media } from '../db/schema';
import type { ApplicationRow } from '../domain/applications';
import { isVideo, readMediaBytes, type MediaRow } from '../domain/media';
import type { ComparedFrame, FrameComparisonModule } from '../types/frame-comparison-module';
import type { ModelProposal } from '../vision/models/proposal';
import type { ServiceContext } from '../service-context';

/** The media currently associated with any of the subjects. */
const mediaOfSubjects = (db: Database, tenantId: string, subjectUids: readonly string[]) =>
  db
    .select({ mediaId: assertions.mediaId })
    .from(assertions)
    .where(and(eq(assertions.tenantId, tenantId), inArray(assertions.subjectUid, [...subjectUids]), eq(assertions.current, true), gt(assertions.probability, 0)));

/** Which of the application's input subjects the media item is on (a camera, or a video's frames). */
async function inputSubjectsOf(db: Database, appRow: ApplicationRow, row: MediaRow): Promise<string[]> {
  if (appRow.inputSubjects.length === 0) return [];
  const rows = await db
    .selectDistinct({ subjectUid: assertions.subjectUid })
    .from(assertions)
    .where(and(eq(assertions.mediaId, row.mediaId), inArray(assertions.subjectUid, appRow.inputSubjects), eq(assertions.current, true), gt(assertions.probability, 0)));
  return rows.map(({ subjectUid }) => subjectUid);
}

/**
 * The still images before this one on its input subjects, by media_timestamp, the nearest `count`, oldest first: of the
 * same size, and of the same parent (a video's frames are compared with that video's frames only).
 */
async function earlierMedia(db: Database, appRow: ApplicationRow, row: MediaRow, count: number): Promise<MediaRow[]> {
  const subjects = await inputSubjectsOf(db, appRow, row);
  if (subjects.length === 0 || count === 0) return [];
  const rows = await db
    .select()
    .from(media)
    .where(
      and(
        inArray(media.mediaId, mediaOfSubjects(db, row.tenantId, subjects)),
        lt(media.mediaTimestamp, row.mediaTimestamp),
        eq(media.imageWidth, row.imageWidth),
        eq(media.imageHeight, row.imageHeight),
        sql`${media.parentMediaIds} = ${JSON.stringify(row.parentMediaIds)}::jsonb`,
        isNull(sql`${media.details}->>'duration'`),
      ),
    )
    .orderBy(desc(media.mediaTimestamp))
    .limit(count);
  return rows.reverse();
}

const frameOf = (ctx: ServiceContext, row: MediaRow): ComparedFrame => ({ width: row.imageWidth, height: row.imageHeight, readBytes: () => readMediaBytes(ctx.blobs, row) });

/** A frame comparison module's proposals for a still image and the frames before it; a video gets none (docs/models.md). */
export async function frameComparisonProposals(ctx: ServiceContext, module: FrameComparisonModule, appRow: ApplicationRow, row: MediaRow): Promise<ModelProposal[]> {
  if (isVideo(row) || appRow.outputSubjects.length === 0) return [];
  const earlier = await earlierMedia(ctx.db, appRow, row, module.earlierFrames);
  return module.propose(frameOf(ctx, row), earlier.map((before) => frameOf(ctx, before)), appRow.outputSubjects, appRow.customFields);
}

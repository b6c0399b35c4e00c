import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppData } from '../../src/api/application-types/answer';
import type { Focus } from '../../src/api/types';
import { baselineModelId } from '../../src/api/schemas/models';
import type { Database } from '../db';
import { assertions, media } from '../db/schema';
import type { ApplicationRow } from '../domain/applications';
import { focusKey } from '../domain/assertions';
import type { MediaRow } from '../domain/media';
import { markJobFinished } from '../jobs/finished';
import type { SequenceFrame, SequenceModule } from '../types/sequence-module';
import type { ServiceContext } from '../service-context';
import type { ModelProposal } from '../vision/models/proposal';

/** The media item's video's frames up to and including it, in order; a media item that is no frame is alone. */
async function framesUpTo(db: Database, item: MediaRow): Promise<{ mediaId: string; frame: number }[]> {
  const [video] = item.parentMediaIds;
  const frame = item.details.frame;
  if (video === undefined || frame == null) return [{ mediaId: item.mediaId, frame: 0 }];
  const rows = await db
    .select({ mediaId: media.mediaId, frame: sql<number>`(${media.details} ->> 'frame')::int` })
    .from(media)
    .where(and(eq(media.tenantId, item.tenantId), sql`${media.parentMediaIds} @> ${JSON.stringify([video])}::jsonb`, sql`(${media.details} ->> 'frame')::int <= ${frame}`));
  return rows.sort((a, b) => a.frame - b.frame);
}

/** What the upstream application's model asserted on each of the frames, of the application's input subjects. */
async function upstreamOn(db: Database, appRow: ApplicationRow, module: SequenceModule, upstreamAppId: string, item: MediaRow, focus: Focus | null) {
  const frames = await framesUpTo(db, item);
  const rows = await db
    .select({ mediaId: assertions.mediaId, subject_uid: assertions.subjectUid, app_data: assertions.appData })
    .from(assertions)
    .where(
      and(
        eq(assertions.appId, upstreamAppId),
        inArray(
          assertions.mediaId,
          frames.map((frame) => frame.mediaId),
        ),
        inArray(assertions.subjectUid, appRow.inputSubjects),
        eq(assertions.focusKey, focusKey(focus)),
        eq(assertions.appDataType, module.reads),
        eq(assertions.current, true),
        isNull(assertions.userId),
      ),
    );
  return frames.map(({ mediaId, frame }): SequenceFrame => ({ frame, upstream: rows.filter((row) => row.mediaId === mediaId) }));
}

interface SequenceJob {
  focus: Focus | null;
  /** The applications upstream of this one for this media: the last one's assertions are read. */
  chain: readonly string[];
  jobId?: string | undefined;
}

type RecordProposals = (tx: Database, result: { modelId: string; proposals: ModelProposal[] }) => Promise<number>;

/**
 * Runs a sequence application on one frame: its module reads what the immediate upstream application asserted on the
 * video's frames up to this one and gives its result on this frame, which `record` asserts for every output subject
 * in one transaction with the job's end. The frames are read afresh each time, so a frame's result does not depend
 * on this application's own earlier results; a frame processed before its predecessors' upstream results exist sees
 * them as frames without objects (the embedded job queue runs jobs in order, so it does not happen there).
 */
export async function analyseFrame(ctx: ServiceContext, module: SequenceModule, appRow: ApplicationRow, item: MediaRow, job: SequenceJob, record: RecordProposals) {
  const upstreamAppId = job.chain.at(-1);
  const frames = appRow.active && upstreamAppId !== undefined ? await upstreamOn(ctx.db, appRow, module, upstreamAppId, item, job.focus) : [];
  const result = frames.length > 0 ? module.analyse(frames, appRow.customFields) : null;
  const proposals = result
    ? appRow.outputSubjects.map((subject_uid) => ({ subject_uid, uncal_prob: result.probability, ...result, app_data: module.writes.parse(result.app_data) as AppData }))
    : [];
  return ctx.db.transaction(async (tx) => {
    if (job.jobId !== undefined && !(await markJobFinished(tx, job.jobId))) return 0;
    return record(tx, { modelId: appRow.currentModelId ?? baselineModelId(appRow.applicationId), proposals });
  });
}

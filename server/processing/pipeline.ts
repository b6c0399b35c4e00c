import type { Focus } from '../../src/api/types';
import { enqueueDetectionPosts } from '../callbacks/outbox';
import type { Database } from '../db';
import { detectionThreshold, listActiveApplicationsWithInput, type ApplicationRow } from '../domain/applications';
import { recordAssertions, touchDetectionRecord } from '../domain/assertions';
import { readMediaBytes, type MediaRow } from '../domain/media';
import { baselineModelId } from '../../src/api/schemas/models';
import { considerForFeedback } from '../feedback/scheduler';
import { frameComparisonModule, isImplemented, pipelineModule, sequenceModule } from '../types/registry';
import { frameComparisonProposals } from './earlier-frames';
import { deriveMedia } from './derived-media';
import { analyseFrame } from './sequence';
import type { ServiceContext } from './context';
import { proposalsFor } from './predict';
import type { ModelProposal } from '../vision/models/proposal';
import { markJobFinished } from '../jobs/finished';
import type { JobQueue } from '../jobs/queue';
import { unixNow } from '../db/unix-time';

export interface Association {
  tenantId: string;
  mediaId: string;
  subjectUid: string;
  focus?: Focus | null;
  userId: string;
}

/**
 * Associates a media item with a subject as an authoritative user assertion (source 1); the media then enters
 * every active application having the subject among its inputs. `capture_id` is the assertion's id.
 */
export async function associateMedia(ctx: ServiceContext, input: Association): Promise<{ capture_id: string }> {
  const focus = input.focus ?? null;
  const captureId = await ctx.db.transaction(async (tx) => {
    const [detectionId] = await recordAssertions(tx, {
      tenantId: input.tenantId,
      mediaId: input.mediaId,
      focus,
      userId: input.userId,
      assertions: [{ subjectUid: input.subjectUid, probability: 1 }],
    });
    await enqueueForSubjects(ctx.jobs, tx, input.tenantId, input.mediaId, [input.subjectUid], focus, []);
    return detectionId!;
  });
  ctx.jobs.kick();
  return { capture_id: captureId };
}

/** Queues the media for each active application with one of the subjects among its inputs, except those in `chain`. */
async function enqueueForSubjects(
  jobs: JobQueue,
  tx: Database,
  tenantId: string,
  mediaId: string,
  subjectUids: readonly string[],
  focus: Focus | null,
  chain: readonly string[],
): Promise<number> {
  const targets = new Set<string>();
  for (const subjectUid of subjectUids) {
    for (const app of await listActiveApplicationsWithInput(tx, tenantId, subjectUid)) {
      if (!chain.includes(app.applicationId)) targets.add(app.applicationId);
    }
  }
  for (const appId of targets) await jobs.send(tx, 'process-media', { appId, mediaId, focus, chain: [...chain] });
  return targets.size;
}

async function propose(ctx: ServiceContext, appRow: ApplicationRow, mediaRow: MediaRow, focus: Focus | null) {
  const comparison = frameComparisonModule(appRow.type);
  if (!appRow.active || !(comparison || isImplemented(appRow.type))) return { modelId: null, proposals: [] };
  const modelId = appRow.currentModelId ?? baselineModelId(appRow.applicationId);
  if (comparison) return { modelId, proposals: await frameComparisonProposals(ctx, comparison, appRow, mediaRow) };
  const image = await readMediaBytes(ctx.blobs, mediaRow);
  return { modelId, proposals: await proposalsFor(ctx.db, appRow, image, focus) };
}

export interface ProcessOptions {
  /** The applications upstream of this one for this media, so that a cycle of applications ends. */
  chain?: readonly string[];
  /** The job running this: its results are committed once, however often it runs (see markJobFinished). */
  jobId?: string;
}

/**
 * Runs the application's current model on the media (and focus) and, in one transaction, records its proposals
 * as model assertions (source 3), touches the detection record, offers the proposals for feedback, queues the
 * detection posts, and sends detections over their threshold on to the applications that take their subject as
 * input. Inactive applications and types without a baseline model do nothing.
 */
export async function processMediaForApplication(
  ctx: ServiceContext,
  appRow: ApplicationRow,
  mediaRow: MediaRow,
  focus: Focus | null,
  { chain = [], jobId }: ProcessOptions = {},
): Promise<void> {
  const pipeline = pipelineModule(appRow.type);
  if (pipeline) {
    const modelId = appRow.currentModelId ?? baselineModelId(appRow.applicationId);
    const proposals = appRow.outputSubjects.map((subject_uid) => ({ subject_uid, probability: 1, uncal_prob: 1, app_data_type: null, app_data: null }));
    const flowed = await deriveMedia(ctx, pipeline, appRow, mediaRow, { jobId }, async (tx, child) => {
      const recorded = await recordModelProposals(ctx.jobs, tx, { appRow, mediaRow: child, focus: null, modelId, proposals, chain });
      return recorded.flowed;
    });
    if (flowed > 0) ctx.jobs.kick();
    return;
  }
  const sequence = sequenceModule(appRow.type);
  if (sequence) {
    const flowed = await analyseFrame(ctx, sequence, appRow, mediaRow, { focus, chain, jobId }, async (tx, result) => {
      const recorded = await recordModelProposals(ctx.jobs, tx, { appRow, mediaRow, focus, chain, ...result });
      return recorded.flowed;
    });
    if (flowed > 0) ctx.jobs.kick();
    return;
  }
  const { modelId, proposals } = await propose(ctx, appRow, mediaRow, focus);
  const { flowed } = await ctx.db.transaction(async (tx) => {
    if (jobId !== undefined && !(await markJobFinished(tx, jobId))) return { flowed: 0, queued: false };
    return recordModelProposals(ctx.jobs, tx, { appRow, mediaRow, focus, modelId, proposals, chain });
  });
  if (flowed > 0) ctx.jobs.kick();
}

/** A model's proposals for one media item (and focus) of an application. */
export interface ModelProposals {
  appRow: ApplicationRow;
  mediaRow: MediaRow;
  focus: Focus | null;
  modelId: string | null;
  proposals: readonly ModelProposal[];
  /** The applications upstream of this one for this media. */
  chain?: readonly string[];
}

/**
 * In the caller's transaction: records a model's proposals as model assertions (source 3), touches the detection
 * record, offers the proposals for feedback, queues the detection posts, and sends detections over their threshold on
 * to the applications that take their subject as input. The same for the service's models and outside ones. Returns
 * how many downstream jobs it queued (kick the queue when any) and whether the media entered the feedback queue.
 */
export async function recordModelProposals(
  jobs: JobQueue,
  tx: Database,
  { appRow, mediaRow, focus, modelId, proposals, chain = [] }: ModelProposals,
): Promise<{ flowed: number; queued: boolean }> {
  if (proposals.length === 0) return { flowed: 0, queued: false };
  const appId = appRow.applicationId;
  const mediaId = mediaRow.mediaId;
  const now = unixNow();
  await recordAssertions(tx, {
    tenantId: appRow.tenantId,
    mediaId,
    focus,
    modelId,
    appId,
    createdAt: now,
    assertions: proposals.map((proposal) => ({
      subjectUid: proposal.subject_uid,
      appDataType: proposal.app_data_type,
      appData: proposal.app_data,
      probability: proposal.probability,
      uncalProb: proposal.uncal_prob,
    })),
  });
  await touchDetectionRecord(tx, appId, mediaId, focus, now);
  const queued = await considerForFeedback(tx, appRow, mediaId, focus, proposals, modelId);

  const detected = proposals.filter((proposal) => proposal.probability > detectionThreshold(appRow, proposal.subject_uid));
  if (detected.length === 0) return { flowed: 0, queued };
  await enqueueDetectionPosts(tx, appRow, {
    media: { media_id: mediaId, parent_media_ids: mediaRow.parentMediaIds },
    ...(focus ? { focus } : {}),
    subjects: detected.map(({ subject_uid, probability }) => ({ subject_uid, probability, updated_at: now })),
  });
  const subjectUids = detected.map((proposal) => proposal.subject_uid);
  return { flowed: await enqueueForSubjects(jobs, tx, appRow.tenantId, mediaId, subjectUids, focus, [...chain, appId]), queued };
}

/** Waits until every due background job has run (for tests and scripts). */
export const drainProcessing = (ctx: Pick<ServiceContext, 'jobs'>) => ctx.jobs.drain();

import type { Focus } from '../../src/api/types';
import { enqueueDetectionPosts } from '../callbacks/outbox';
import type { Database } from '../db';
import { unixNow } from '../db/unix-time';
import { detectionThreshold, listActiveApplicationsWithInput, type ApplicationRow } from '../domain/applications';
import { recordAssertions, touchDetectionRecord } from '../domain/assertions';
import type { MediaRow } from '../domain/media';
import { considerForFeedback } from '../feedback/scheduler';
import type { JobQueue } from '../jobs/queue';
import type { ModelProposal } from '../vision/models/proposal';

/** Queues the media for each active application with one of the subjects among its inputs, except those in `chain`. */
export async function enqueueForSubjects(
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
  if (proposals.length === 0) {
    // Nothing to record; an application that wants every item asks about this one all the same.
    const queued = appRow.feedbackScope === 'all' && (await considerForFeedback(tx, appRow, mediaRow.mediaId, focus, proposals, modelId));
    return { flowed: 0, queued };
  }
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

import { kindOf, type ApplicationKind, type Focus } from '../../src/api/types';
import type { ApplicationRow } from '../domain/applications';
import { recordAssertions } from '../domain/assertions';
import type { MediaRow } from '../domain/media';
import type { ServiceContext } from '../service-context';
import { enqueueForSubjects } from './record-proposals';
import type { ApplicationRun, KindRunner } from './runners/application-run';
import { runFrameComparison } from './runners/frame-comparison';
import { runLabellable } from './runners/labellable';
import { runPipelineStep } from './runners/pipeline-step';
import { runSequence } from './runners/sequence';
import { runCapture } from './runners/capture';

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

export type ProcessOptions = Partial<Pick<ApplicationRun, 'chain' | 'jobId' | 'forFeedback'>>;

/** How each kind of application type runs on a media item. */
const RUNNERS: { readonly [K in ApplicationKind]: KindRunner } = {
  labellable: runLabellable,
  frame_comparison: runFrameComparison,
  pipeline: runPipelineStep,
  sequence: runSequence,
  capture: runCapture,
};

/**
 * Runs the application on the media (and focus) by its type's kind and, in one transaction with the job's end,
 * records what it proposes as model assertions (source 3), touches the detection record, offers the proposals for
 * feedback, queues the detection posts, and sends detections over their threshold on to the applications that take
 * their subject as input (recordModelProposals). Inactive applications and types the service does not run record
 * nothing.
 */
export async function processMediaForApplication(
  ctx: ServiceContext,
  appRow: ApplicationRow,
  mediaRow: MediaRow,
  focus: Focus | null,
  { chain = [], jobId, forFeedback = false }: ProcessOptions = {},
): Promise<void> {
  const kind = kindOf(appRow.type);
  if (kind) await RUNNERS[kind](ctx, { appRow, mediaRow, focus, chain, jobId, forFeedback });
}

/** Waits until every due background job has run (for tests and scripts). */
export const drainProcessing = (ctx: Pick<ServiceContext, 'jobs'>) => ctx.jobs.drain();

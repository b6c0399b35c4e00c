import type { Focus } from '../../../src/api/types';
import { baselineModelId } from '../../../src/api/schemas/models';
import type { ApplicationRow } from '../../domain/applications';
import type { MediaRow } from '../../domain/media';
import { markJobFinished } from '../../jobs/finished';
import type { ModelProposal } from '../../vision/models/proposal';
import type { ServiceContext } from '../../service-context';
import { recordModelProposals } from '../record-proposals';

/** One media item (and focus) to run through one application. */
export interface ApplicationRun {
  appRow: ApplicationRow;
  mediaRow: MediaRow;
  focus: Focus | null;
  /** The applications upstream of this one for this media, so that a cycle of applications ends. */
  chain: readonly string[];
  /** The job running this: its results are committed once, however often it runs (see markJobFinished). */
  jobId?: string | undefined;
  /** A manager queued the item for labelling (a labellable application queues it whatever its model thinks). */
  forFeedback?: boolean;
}

/** How the applications of one kind of type run on a media item (src/api/types.ts, APPLICATION_TYPE_KINDS). */
export type KindRunner = (ctx: ServiceContext, run: ApplicationRun) => Promise<void>;

/** The model the application's proposals are made by: its released one, else its baseline. */
export const currentModelIdOf = (appRow: ApplicationRow) => appRow.currentModelId ?? baselineModelId(appRow.applicationId);

/** A certain assertion for each output subject of the application: what a pipeline step or a capture says of its media. */
export const everyOutputSubject = (appRow: ApplicationRow): ModelProposal[] =>
  appRow.outputSubjects.map((subject_uid) => ({ subject_uid, probability: 1, uncal_prob: 1, app_data_type: null, app_data: null }));

/**
 * Records the proposals (see recordModelProposals) in one transaction with the job's end, and kicks the queue when
 * they flowed on to applications downstream.
 */
export async function recordWithJobEnd(ctx: ServiceContext, { appRow, mediaRow, focus, chain, jobId }: ApplicationRun, proposals: readonly ModelProposal[]) {
  const { flowed } = await ctx.db.transaction(async (tx) => {
    if (jobId !== undefined && !(await markJobFinished(tx, jobId))) return { flowed: 0, queued: false };
    return recordModelProposals(ctx.jobs, tx, { appRow, mediaRow, focus, modelId: currentModelIdOf(appRow), proposals, chain });
  });
  if (flowed > 0) ctx.jobs.kick();
}

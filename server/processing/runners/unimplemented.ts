import { markJobFinished } from '../../jobs/finished';
import type { KindRunner } from './application-run';

/** The service runs nothing for these types: the job just ends. */
export const runNothing: KindRunner = async (ctx, { jobId }) => {
  if (jobId !== undefined) await ctx.db.transaction((tx) => markJobFinished(tx, jobId));
};

import { markJobFinished } from '../../jobs/finished';
import type { KindRunner } from './application-run';

/**
 * A capture application brings its own images in (processing/capture): media of its input subjects are not its work,
 * and a job that hands it one just ends.
 */
export const runCapture: KindRunner = async (ctx, { jobId }) => {
  if (jobId !== undefined) await ctx.db.transaction((tx) => markJobFinished(tx, jobId));
};

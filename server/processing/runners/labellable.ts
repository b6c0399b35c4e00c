import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { detectionRecords } from '../../db/schema';
import { focusKey } from '../../domain/assertions';
import { readMediaBytes } from '../../domain/media';
import { considerForFeedback } from '../../feedback/scheduler';
import { markJobFinished } from '../../jobs/finished';
import { proposalsFor } from '../predict';
import { sendToModelServer } from '../model-server-predictions';
import { hasModelServer } from '../../model-server/settings';
import { currentModelIdOf, recordWithJobEnd, type ApplicationRun, type KindRunner } from './application-run';

/**
 * A labellable application's model proposes for the image (or its focus); the proposals may go to feedback. An item
 * a manager queued for labelling goes to feedback whatever the model thinks; where the application had seen it
 * already, nothing else is recorded again (no second detection, post or flow downstream).
 */
export const runLabellable: KindRunner = async (ctx, run) => {
  const { appRow, mediaRow, focus } = run;
  if (!run.forFeedback && appRow.active && !(await builtInAnswers(ctx, run))) return;
  const proposals = appRow.active ? await proposalsFor(ctx.db, appRow, await readMediaBytes(ctx.blobs, mediaRow), focus) : [];
  if (!run.forFeedback) return recordWithJobEnd(ctx, run, proposals);
  const everyItem = { ...appRow, feedbackScope: 'all' as const };
  if (!(await seenBefore(ctx.db, run))) return recordWithJobEnd(ctx, { ...run, appRow: everyItem }, proposals);
  await ctx.db.transaction(async (tx) => {
    if (run.jobId !== undefined && !(await markJobFinished(tx, run.jobId))) return;
    await considerForFeedback(tx, everyItem, mediaRow.mediaId, focus, proposals, currentModelIdOf(appRow));
  });
};

/**
 * Sends the item to the application's model server when it has one (see sendToModelServer); when only the server
 * answers, ends the job here and answers false.
 */
async function builtInAnswers(ctx: Parameters<KindRunner>[0], { appRow, mediaRow, focus, chain, jobId }: ApplicationRun): Promise<boolean> {
  // most applications have no server: they pay one read, not a transaction
  if (!(await hasModelServer(ctx.db, appRow.applicationId))) return true;
  const builtIn = await ctx.db.transaction(async (tx) => {
    const alsoBuiltIn = await sendToModelServer(tx, ctx, appRow, mediaRow.mediaId, focus, chain);
    if (!alsoBuiltIn && jobId !== undefined) await markJobFinished(tx, jobId);
    return alsoBuiltIn;
  });
  ctx.jobs.kick();
  return builtIn;
}

async function seenBefore(db: Database, { appRow, mediaRow, focus }: ApplicationRun): Promise<boolean> {
  const [row] = await db
    .select({ id: detectionRecords.mediaId })
    .from(detectionRecords)
    .where(and(eq(detectionRecords.appId, appRow.applicationId), eq(detectionRecords.mediaId, mediaRow.mediaId), eq(detectionRecords.focusKey, focusKey(focus))));
  return row !== undefined;
}

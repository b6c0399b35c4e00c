import { moduleOfKind } from '../../types/registry';
import { recordModelProposals } from '../record-proposals';
import { analyseFrame } from '../sequence';
import type { KindRunner } from './application-run';

/** A sequence application reads the upstream results on the video's frames so far and asserts its own on this one. */
export const runSequence: KindRunner = async (ctx, { appRow, mediaRow, focus, chain, jobId }) => {
  const module = moduleOfKind('sequence', appRow.type);
  const flowed = await analyseFrame(ctx, module, appRow, mediaRow, { focus, chain, jobId }, async (tx, result) => {
    const recorded = await recordModelProposals(ctx.jobs, tx, { appRow, mediaRow, focus, chain, ...result });
    return recorded.flowed;
  });
  if (flowed > 0) ctx.jobs.kick();
};

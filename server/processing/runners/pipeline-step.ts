import { moduleOfKind } from '../../types/registry';
import { deriveMedia } from '../derived-media';
import { recordModelProposals } from '../record-proposals';
import { currentModelIdOf, everyOutputSubject, type KindRunner } from './application-run';

/** A pipeline application derives new media from the item and asserts each of them for its every output subject. */
export const runPipelineStep: KindRunner = async (ctx, { appRow, mediaRow, chain, jobId }) => {
  const module = moduleOfKind('pipeline', appRow.type);
  const modelId = currentModelIdOf(appRow);
  const proposals = everyOutputSubject(appRow);
  const flowed = await deriveMedia(ctx, module, appRow, mediaRow, { jobId }, async (tx, child) => {
    const recorded = await recordModelProposals(ctx.jobs, tx, { appRow, mediaRow: child, focus: null, modelId, proposals, chain });
    return recorded.flowed;
  });
  if (flowed > 0) ctx.jobs.kick();
};

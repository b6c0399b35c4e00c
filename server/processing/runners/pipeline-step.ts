import { moduleOfKind } from '../../types/registry';
import { runPipelineModule } from '../derived-media';
import { recordModelProposals } from '../record-proposals';
import { currentModelIdOf, everyOutputSubject, type KindRunner } from './application-run';

/**
 * A pipeline application derives new media from the item, or passes the item itself on (with a focus), and asserts
 * what it gives for its every output subject.
 */
export const runPipelineStep: KindRunner = async (ctx, { appRow, mediaRow, chain, jobId }) => {
  const module = moduleOfKind('pipeline', appRow.type);
  const modelId = currentModelIdOf(appRow);
  const proposals = everyOutputSubject(appRow);
  const flowed = await runPipelineModule(ctx, module, appRow, mediaRow, { jobId }, async (tx, item, focus) => {
    const recorded = await recordModelProposals(ctx.jobs, tx, { appRow, mediaRow: item, focus, modelId, proposals, chain });
    return recorded.flowed;
  });
  if (flowed > 0) ctx.jobs.kick();
};

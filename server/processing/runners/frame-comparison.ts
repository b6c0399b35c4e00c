import { moduleOfKind } from '../../types/registry';
import { frameComparisonProposals } from '../earlier-frames';
import { recordWithJobEnd, type KindRunner } from './application-run';

/** A frame comparison application compares the image with the frames before it on its subject. */
export const runFrameComparison: KindRunner = async (ctx, run) => {
  const { appRow, mediaRow } = run;
  const module = moduleOfKind('frame_comparison', appRow.type);
  const proposals = appRow.active ? await frameComparisonProposals(ctx, module, appRow, mediaRow) : [];
  await recordWithJobEnd(ctx, run, proposals);
};

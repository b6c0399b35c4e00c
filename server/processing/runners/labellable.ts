import { readMediaBytes } from '../../domain/media';
import { proposalsFor } from '../predict';
import { recordWithJobEnd, type KindRunner } from './application-run';

/** A labellable application's model proposes for the image (or its focus); the proposals may go to feedback. */
export const runLabellable: KindRunner = async (ctx, run) => {
  const { appRow, mediaRow, focus } = run;
  const proposals = appRow.active ? await proposalsFor(ctx.db, appRow, await readMediaBytes(ctx.blobs, mediaRow), focus) : [];
  await recordWithJobEnd(ctx, run, proposals);
};

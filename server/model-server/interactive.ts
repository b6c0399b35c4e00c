import type { BoxRegion } from '../../src/api/application-types/answer';
import { intersectionOverUnion } from '../../src/api/application-types/box-detection';
import type { BoxCoords } from '../../src/api/types';
import type { ApplicationRow } from '../domain/applications';
import type { MediaRow } from '../domain/media';
import type { ModelProposal } from '../vision/models/proposal';
import { ModelServerFailed, type ModelServerDeps } from './call';
import { askServer, type InteractiveHint } from './predict';
import { readModelServer } from './settings';

const boxesOf = (proposals: readonly ModelProposal[]): BoxRegion[] =>
  proposals.flatMap((proposal) => (proposal.app_data_type === 'box_set' && Array.isArray(proposal.app_data) ? (proposal.app_data as BoxRegion[]) : []));

const area = ({ x0, y0, x1, y1 }: BoxCoords) => (x1 - x0) * (y1 - y0);

/** The box a click or rough box asked for: the smallest box around the click, or the one most like the rough box. */
function boxForHint(proposals: readonly ModelProposal[], hint: InteractiveHint): BoxRegion | null {
  const boxes = boxesOf(proposals);
  if (hint.kind === 'point') {
    const around = boxes.filter(({ box }) => box.x0 <= hint.x && hint.x <= box.x1 && box.y0 <= hint.y && hint.y <= box.y1);
    return around.sort((a, b) => area(a.box) - area(b.box))[0] ?? null;
  }
  const scored = boxes.map((region) => ({ region, iou: intersectionOverUnion(region.box, hint) })).filter(({ iou }) => iou > 0);
  return scored.sort((a, b) => b.iou - a.iou)[0]?.region ?? null;
}

/**
 * The workspace's click-to-box through the application's model server, when it is interactive: the click or rough box
 * goes as the protocol's context, and the box the server answers around it comes back. Null when the application has
 * no interactive server, the server fails or finds nothing there: the workspace then falls back to its own tools.
 */
export async function interactiveBox(
  deps: ModelServerDeps & { baseUrl: () => string; mediaSecret: Buffer },
  { appRow, mediaRow, hint }: { appRow: ApplicationRow; mediaRow: MediaRow; hint: InteractiveHint },
): Promise<BoxRegion | null> {
  const server = await readModelServer(deps.db, appRow.applicationId);
  if (!server?.interactive || server.modelSource === 'built_in') return null;
  try {
    const { proposals } = await askServer(deps, { appRow, server, mediaRow, focus: null, hint });
    return boxForHint(proposals, hint);
  } catch (error) {
    if (error instanceof ModelServerFailed) return null;
    throw error;
  }
}

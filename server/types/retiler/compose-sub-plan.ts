import sharp, { type OverlayOptions } from 'sharp';
import type { BoxCoords } from '../../../src/api/types';
import { encodeLikeSource } from '../../media/encode-like';
import { openImage, runImageWork } from '../../media/open-image';
import type { PlanTile } from '../pipeline-module';
import { overlapOf } from './plan-grid';

/** What a tile gives a sub-plan: the part of it inside the sub-plan, as raw pixels placed in the sub-plan's pixels. */
async function pieceOf(tile: PlanTile, cell: BoxCoords): Promise<{ overlay: OverlayOptions; format: string | undefined } | null> {
  const shared = overlapOf(tile.box, cell);
  if (!shared) return null;
  const bytes = await tile.readBytes();
  const { format } = await sharp(bytes).metadata();
  const region = { left: shared.x0 - tile.box.x0, top: shared.y0 - tile.box.y0, width: shared.x1 - shared.x0, height: shared.y1 - shared.y0 };
  const { data, info } = await openImage(bytes).extract(region).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  return { overlay: { input: data, raw, left: shared.x0 - cell.x0, top: shared.y0 - cell.y0 }, format };
}

/**
 * A sub-plan at `cell` (in the plan's pixels) recombined from the tiles that cover it, later tiles over earlier ones
 * where they overlap and black where none does; a JPEG when every tile is one, else a PNG. What is held is the
 * tiles' parts of the sub-plan (its pixels, and their overlaps) and the sub-plan itself: at most max_width × max_height.
 */
export function composeSubPlan(cell: BoxCoords, tiles: readonly PlanTile[]): Promise<{ image: Buffer; extension: 'jpg' | 'png' }> {
  return runImageWork(async () => {
    const pieces = [];
    for (const tile of tiles) {
      const piece = await pieceOf(tile, cell);
      if (piece) pieces.push(piece);
    }
    const canvas = sharp({ create: { width: cell.x1 - cell.x0, height: cell.y1 - cell.y0, channels: 3, background: '#000000' } }).composite(
      pieces.map((piece) => piece.overlay),
    );
    return encodeLikeSource(canvas, pieces.every((piece) => piece.format === 'jpeg') ? 'jpeg' : 'png');
  });
}

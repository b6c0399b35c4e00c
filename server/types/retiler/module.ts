import { retilerSettings, type RetilerSettings } from '../../../src/api/application-types/retiler';
import type { PlaceInPlan } from '../../../src/api/schemas/media';
import { MediaSkipped, type DerivedMedia, type PipelineModule, type PipelineResult, type SourceMedia } from '../pipeline-module';
import { composeSubPlan } from './compose-sub-plan';
import { IncompleteImage } from '../../media/open-image';
import { cutPlan } from './cut-plan';
import { cellsOwnedBy, fitsIn, planGrid, recombineTiles, type GridCell } from './plan-grid';

const PASS_ON_WHOLE = { focus: null };

/** `plan-subplan-004.jpg`: a sub-plan's file is named by its cell. */
const subPlanSuffix = (cell: GridCell, extension: string) => `subplan-${String(cell.index).padStart(3, '0')}.${extension}`;

/** A plan larger than the sub-plan size becomes its sub-plans; one that fits goes on as it is. */
async function cutIntoSubPlans(source: SourceMedia, settings: RetilerSettings): Promise<PipelineResult> {
  if (fitsIn(source.width, source.height, settings)) return { children: [], passOn: PASS_ON_WHOLE };
  const cells = planGrid(source.width, source.height, settings);
  const parts = await cutPlan(await source.readBytes(), cells.map((cell) => cell.box)).catch((error: unknown) => {
    throw error instanceof IncompleteImage ? new MediaSkipped(`The plan is not cut: ${error.message}`) : error;
  });
  return {
    children: cells.map((cell, i): DerivedMedia => {
      const { image, extension } = parts[i]!;
      return { image, frame: cell.index, offsetSeconds: 0, fileSuffix: subPlanSuffix(cell, extension), place: { box: cell.box } };
    }),
  };
}

/**
 * A tile (an item with a place in a plan) is recombined with the other tiles its maker made of that plan into the
 * sub-plans of the grid over the area they span; this tile makes the sub-plans it owns (cellsOwnedBy), and goes on
 * itself when a sub-plan is exactly this tile.
 */
async function recombineIntoSubPlans(source: SourceMedia, place: PlaceInPlan, settings: RetilerSettings): Promise<PipelineResult> {
  const tiles = await source.tilesOfItsPlan();
  const { passOn, toMake } = cellsOwnedBy({ mediaId: source.mediaId, box: place.box }, recombineTiles(tiles, settings));
  const tileById = new Map(tiles.map((tile) => [tile.mediaId, tile]));
  const children: DerivedMedia[] = [];
  for (const cell of toMake) {
    const { image, extension } = await composeSubPlan(cell.box, cell.tiles.map((tile) => tileById.get(tile.mediaId)!));
    const otherParentIds = cell.tiles.map((tile) => tile.mediaId).filter((id) => id !== source.mediaId);
    children.push({ image, frame: cell.index, offsetSeconds: 0, fileSuffix: subPlanSuffix(cell, extension), place: { planMediaId: place.media_id, box: cell.box }, otherParentIds });
  }
  return { children, ...(passOn ? { passOn: PASS_ON_WHOLE } : {}) };
}

/**
 * retiler (docs/api.md): each still image of an input subject is a plan cut into sub-plans of at most max_width ×
 * max_height (neighbours sharing `overlap` pixels), or, when it is a tile of a plan (from a retiler or static_crop
 * upstream), recombined with that plan's other tiles into such sub-plans. Each sub-plan is a child that records its
 * place in the plan (place_in_plan). A video is skipped.
 */
export const retiler: PipelineModule = {
  type: 'retiler',
  settings: retilerSettings,
  readsPlans: true,
  async run(source, customFields) {
    if (source.video) throw new MediaSkipped('retiler cuts still images (plans); a video_segmentation application upstream makes a video into frames.');
    const settings = retilerSettings.parse(customFields);
    return source.placeInPlan ? recombineIntoSubPlans(source, source.placeInPlan, settings) : cutIntoSubPlans(source, settings);
  },
};

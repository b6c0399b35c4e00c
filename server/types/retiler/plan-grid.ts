import type { RetilerSettings } from '../../../src/api/application-types/retiler';
import type { BoxCoords } from '../../../src/api/types';

/** A sub-plan: its index in the grid, row by row from the top left, and its box in the plan's pixels. */
export interface GridCell {
  index: number;
  box: BoxCoords;
}

/** A tile of a plan: a media item and the box it covers in the plan's pixels. */
export interface PlacedTile {
  mediaId: string;
  box: BoxCoords;
}

/** A sub-plan recombined from tiles: its cell, and the tiles that cover part of it, in their reading order. */
export interface TiledCell extends GridCell {
  tiles: PlacedTile[];
}

/**
 * The spans [start, end) that cut a side of `size` pixels into the fewest parts of at most `maxPart`, neighbours
 * sharing `overlap` pixels (which must be less than maxPart). The parts are as even as whole pixels allow.
 */
export function cutSide(size: number, maxPart: number, overlap: number): [number, number][] {
  if (size <= maxPart) return [[0, size]];
  const advance = size - overlap;
  const count = Math.ceil(advance / (maxPart - overlap));
  return Array.from({ length: count }, (_, i) => [Math.floor((i * advance) / count), Math.floor(((i + 1) * advance) / count) + overlap]);
}

export const fitsIn = (width: number, height: number, { max_width, max_height }: RetilerSettings) => width <= max_width && height <= max_height;

/** The sub-plans of a plan of this size (a single cell when it fits), at the plan's offset `origin`. */
export function planGrid(width: number, height: number, settings: RetilerSettings, origin = { x: 0, y: 0 }): GridCell[] {
  const columns = cutSide(width, settings.max_width, settings.overlap);
  const rows = cutSide(height, settings.max_height, settings.overlap);
  return rows.flatMap(([y0, y1], row) =>
    columns.map(([x0, x1], column) => ({
      index: row * columns.length + column,
      box: { x0: origin.x + x0, y0: origin.y + y0, x1: origin.x + x1, y1: origin.y + y1 },
    })),
  );
}

/** The part two boxes share; null when they share no area. */
export function overlapOf(a: BoxCoords, b: BoxCoords): BoxCoords | null {
  const box = { x0: Math.max(a.x0, b.x0), y0: Math.max(a.y0, b.y0), x1: Math.min(a.x1, b.x1), y1: Math.min(a.y1, b.y1) };
  return box.x1 > box.x0 && box.y1 > box.y0 ? box : null;
}

const sameBox = (a: BoxCoords, b: BoxCoords) => a.x0 === b.x0 && a.y0 === b.y0 && a.x1 === b.x1 && a.y1 === b.y1;

/** Top to bottom, then left to right, then by media id: the order in which tiles own the cells they cover. */
const readingOrder = (a: PlacedTile, b: PlacedTile) => a.box.y0 - b.box.y0 || a.box.x0 - b.box.x0 || (a.mediaId < b.mediaId ? -1 : a.mediaId > b.mediaId ? 1 : 0);

/**
 * The sub-plans that tiles of one plan recombine into: the grid of the settings laid over the area the tiles span
 * (their bounding box), each cell with the tiles that cover part of it. A cell that no tile covers is left out; the
 * parts of a cell between tiles stay empty.
 */
export function recombineTiles(tiles: readonly PlacedTile[], settings: RetilerSettings): TiledCell[] {
  if (tiles.length === 0) return [];
  const ordered = [...tiles].sort(readingOrder);
  const span = {
    x0: Math.min(...ordered.map((tile) => tile.box.x0)),
    y0: Math.min(...ordered.map((tile) => tile.box.y0)),
    x1: Math.max(...ordered.map((tile) => tile.box.x1)),
    y1: Math.max(...ordered.map((tile) => tile.box.y1)),
  };
  return planGrid(span.x1 - span.x0, span.y1 - span.y0, settings, { x: span.x0, y: span.y0 })
    .map((cell) => ({ ...cell, tiles: ordered.filter((tile) => overlapOf(tile.box, cell.box) !== null) }))
    .filter((cell) => cell.tiles.length > 0);
}

/** The tile that makes a cell: the tile that is exactly the cell, else the first in reading order that covers part of it. */
const ownerOf = (cell: TiledCell) => cell.tiles.find((tile) => sameBox(tile.box, cell.box)) ?? cell.tiles[0];

/**
 * What one tile's run makes of its plan's recombined cells: each cell is made by one tile only (see ownerOf), so the
 * tiles of a plan, each run on its own, never make a cell twice. A cell that is exactly this tile is the tile itself
 * (`passOn`), not a copy of it.
 */
export function cellsOwnedBy(tile: PlacedTile, cells: readonly TiledCell[]): { passOn: boolean; toMake: TiledCell[] } {
  const owned = cells.filter((cell) => ownerOf(cell)?.mediaId === tile.mediaId);
  const passOn = owned.some((cell) => sameBox(cell.box, tile.box));
  return { passOn, toMake: owned.filter((cell) => !sameBox(cell.box, tile.box)) };
}

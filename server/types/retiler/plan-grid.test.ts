import { describe, expect, it } from 'vitest';
import { retilerSettings } from '../../../src/api/application-types/retiler';
import { cellsOwnedBy, cutSide, overlapOf, planGrid, recombineTiles, type PlacedTile } from './plan-grid';

const settings = (fields: Record<string, number>) => retilerSettings.parse(fields);
const tile = (mediaId: string, x0: number, y0: number, x1: number, y1: number): PlacedTile => ({ mediaId, box: { x0, y0, x1, y1 } });

describe('cutting a side of a plan', () => {
  it('keeps a side that fits whole', () => {
    expect(cutSide(4096, 4096, 0)).toEqual([[0, 4096]]);
    expect(cutSide(10, 4096, 100)).toEqual([[0, 10]]);
  });

  it('cuts into the fewest even parts of at most the size, without overlap', () => {
    expect(cutSide(12_000, 4096, 0)).toEqual([[0, 4000], [4000, 8000], [8000, 12_000]]);
    expect(cutSide(4097, 4096, 0)).toEqual([[0, 2048], [2048, 4097]]);
    expect(cutSide(10, 3, 0)).toEqual([[0, 2], [2, 5], [5, 7], [7, 10]]);
  });

  it('lets neighbours share exactly the overlap, every part at most the size, the last one ending at the edge', () => {
    for (const [size, max, overlap] of [[12_000, 4096, 256], [9000, 1024, 100], [1001, 1000, 500], [7919, 640, 320]] as const) {
      const parts = cutSide(size, max, overlap);
      expect(parts[0]![0]).toBe(0);
      expect(parts.at(-1)![1]).toBe(size);
      for (const [start, end] of parts) expect(end - start).toBeLessThanOrEqual(max);
      for (let i = 1; i < parts.length; i += 1) expect(parts[i - 1]![1] - parts[i]![0]).toBe(overlap);
      expect(cutSide(size, max, overlap).length).toBe(Math.ceil((size - overlap) / (max - overlap)));
    }
  });
});

describe('the grid of a plan', () => {
  it('numbers its cells row by row from the top left', () => {
    const cells = planGrid(12_000, 9000, settings({ max_width: 4096, max_height: 4096 }));
    expect(cells).toHaveLength(9);
    expect(cells[0]).toEqual({ index: 0, box: { x0: 0, y0: 0, x1: 4000, y1: 3000 } });
    expect(cells[5]).toEqual({ index: 5, box: { x0: 8000, y0: 3000, x1: 12_000, y1: 6000 } });
  });

  it('is one cell, the plan itself, when the plan fits', () => {
    expect(planGrid(640, 480, settings({}))).toEqual([{ index: 0, box: { x0: 0, y0: 0, x1: 640, y1: 480 } }]);
  });

  it('lies at the offset it is given', () => {
    expect(planGrid(200, 100, settings({ max_width: 100, max_height: 100 }), { x: 50, y: 20 }).map((cell) => cell.box)).toEqual([
      { x0: 50, y0: 20, x1: 150, y1: 120 },
      { x0: 150, y0: 20, x1: 250, y1: 120 },
    ]);
  });
});

describe('the overlap of two boxes', () => {
  it('is the part they share, and null when they only touch or lie apart', () => {
    expect(overlapOf({ x0: 0, y0: 0, x1: 10, y1: 10 }, { x0: 5, y0: 8, x1: 20, y1: 20 })).toEqual({ x0: 5, y0: 8, x1: 10, y1: 10 });
    expect(overlapOf({ x0: 0, y0: 0, x1: 10, y1: 10 }, { x0: 10, y0: 0, x1: 20, y1: 10 })).toBeNull();
  });
});

describe('recombining the tiles of a plan', () => {
  // A 3000 × 2000 plan cut into six 1000 × 1000 tiles, named by row and column.
  const sixTiles = [0, 1].flatMap((row) => [0, 1, 2].map((column) => tile(`t${row}${column}`, column * 1000, row * 1000, (column + 1) * 1000, (row + 1) * 1000)));

  it('lays the grid over the span of the tiles and gives each cell the tiles covering part of it', () => {
    const cells = recombineTiles(sixTiles, settings({ max_width: 2000, max_height: 2000 }));
    expect(cells.map((cell) => [cell.box, cell.tiles.map((t) => t.mediaId)])).toEqual([
      [{ x0: 0, y0: 0, x1: 1500, y1: 2000 }, ['t00', 't01', 't10', 't11']],
      [{ x0: 1500, y0: 0, x1: 3000, y1: 2000 }, ['t01', 't02', 't11', 't12']],
    ]);
  });

  it('is one cell of every tile when the span fits, and leaves out the cells no tile covers', () => {
    expect(recombineTiles(sixTiles, settings({}))).toMatchObject([{ box: { x0: 0, y0: 0, x1: 3000, y1: 2000 }, tiles: sixTiles }]);
    const apart = [tile('a', 0, 0, 100, 100), tile('b', 300, 0, 400, 100)];
    expect(recombineTiles(apart, settings({ max_width: 100, max_height: 100 })).map((cell) => cell.box)).toEqual([
      { x0: 0, y0: 0, x1: 100, y1: 100 },
      { x0: 300, y0: 0, x1: 400, y1: 100 },
    ]);
    expect(recombineTiles([], settings({}))).toEqual([]);
  });

  it('lays the grid at the span of a crop, not at the corner of its plan', () => {
    expect(recombineTiles([tile('crop', 100, 50, 5100, 2050)], settings({ max_width: 2500, max_height: 4096 })).map((cell) => cell.box)).toEqual([
      { x0: 100, y0: 50, x1: 2600, y1: 2050 },
      { x0: 2600, y0: 50, x1: 5100, y1: 2050 },
    ]);
  });

  it('has every cell made by exactly one tile, whatever order the tiles run in', () => {
    const cells = recombineTiles(sixTiles, settings({ max_width: 1500, max_height: 1500 }));
    expect(cells).toHaveLength(4);
    const made = sixTiles.flatMap((t) => cellsOwnedBy(t, cells).toMake.map((cell) => cell.index));
    expect(made.sort((a, b) => a - b)).toEqual(cells.map((cell) => cell.index));
  });

  it('passes a tile on as it is when a cell is exactly that tile, even when an overlapping neighbour comes first', () => {
    const cells = recombineTiles(sixTiles, settings({ max_width: 1000, max_height: 1000 }));
    expect(cellsOwnedBy(sixTiles[4]!, cells)).toEqual({ passOn: true, toMake: [] });
    const overlapping = [tile('left', 0, 0, 1100, 1000), tile('right', 1000, 0, 2100, 1000)];
    const halves = recombineTiles(overlapping, settings({ max_width: 1100, max_height: 1000, overlap: 100 }));
    expect(cellsOwnedBy(overlapping[1]!, halves)).toEqual({ passOn: true, toMake: [] });
    expect(cellsOwnedBy(overlapping[0]!, halves)).toEqual({ passOn: true, toMake: [] });
  });
});

import { CAPTION_HEIGHT, GAP, MIN_CELL_WIDTH, thumbGrid } from './thumb-grid';

describe('thumbGrid', () => {
  it('fits as many columns as it can and widens them to fill the row', () => {
    const grid = thumbGrid(1100);
    expect(grid.columns).toBe(6);
    expect(grid.cellWidth).toBe(176);
    expect(grid.columns * grid.cellWidth + (grid.columns - 1) * GAP).toBeLessThanOrEqual(1100);
    expect(grid).toMatchObject({ imageHeight: 132, rowHeight: 132 + CAPTION_HEIGHT });
  });

  it('keeps one column of the narrowest cell in a narrow space', () => {
    expect(thumbGrid(100)).toMatchObject({ columns: 1, cellWidth: MIN_CELL_WIDTH, imageHeight: 126 });
  });

  it('takes a column more as soon as it fits', () => {
    expect(thumbGrid(2 * MIN_CELL_WIDTH + GAP - 1).columns).toBe(1);
    expect(thumbGrid(2 * MIN_CELL_WIDTH + GAP).columns).toBe(2);
  });
});

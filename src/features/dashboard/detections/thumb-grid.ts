/** The narrowest a thumbnail may be; columns widen from it to fill the row. */
export const MIN_CELL_WIDTH = 168;
export const GAP = 8;
/** The caption under each image: two lines of small text. */
export const CAPTION_HEIGHT = 38;
/** Images are shown 4:3, the shape of most cameras; others are letterboxed inside it. */
const IMAGE_RATIO = 3 / 4;

export interface ThumbGrid {
  columns: number;
  cellWidth: number;
  imageHeight: number;
  /** A row's height without the gap below it. */
  rowHeight: number;
}

/** As many columns of at least MIN_CELL_WIDTH as fit, widened to fill the width exactly. */
export function thumbGrid(width: number): ThumbGrid {
  const columns = Math.max(1, Math.floor((width + GAP) / (MIN_CELL_WIDTH + GAP)));
  const cellWidth = Math.max(MIN_CELL_WIDTH, Math.floor((width - GAP * (columns - 1)) / columns));
  const imageHeight = Math.round(cellWidth * IMAGE_RATIO);
  return { columns, cellWidth, imageHeight, rowHeight: imageHeight + CAPTION_HEIGHT };
}

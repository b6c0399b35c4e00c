/** Screen pixels within which a press still hits a mark, its edge or a handle. */
export const TOLERANCE_PX = 6;
/** Image pixels: a drawn box is at least this wide and high. */
export const MIN_BOX_SIZE = 4;

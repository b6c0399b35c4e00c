// Where the magnifier looks and where it sits: pure, in image pixels and screen pixels.
import type { Box, ImagePoint, ScreenPoint, Size } from '../geometry/types';

/** The lens's side in screen pixels, and how much larger than the current view it shows the image. */
export const LENS_PX = 160;
const LENS_ZOOM = 4;
const GAP_PX = 24;

/** The image pixels the lens shows: a square centred on the pointer's pixel. */
export function lensSource(pointer: ImagePoint, scale: number, lensPx = LENS_PX, zoom = LENS_ZOOM): Box {
  const side = lensPx / (scale * zoom);
  const cx = Math.floor(pointer.x) + 0.5;
  const cy = Math.floor(pointer.y) + 0.5;
  return { x0: cx - side / 2, y0: cy - side / 2, x1: cx + side / 2, y1: cy + side / 2 };
}

/** The lens's top-left corner: above and right of the pointer, flipped to stay inside the viewport. */
export function lensPosition(pointer: ScreenPoint, viewport: Size, lensPx = LENS_PX): { left: number; top: number } {
  const right = pointer.x + GAP_PX + lensPx <= viewport.width;
  const above = pointer.y - GAP_PX - lensPx >= 0;
  return {
    left: right ? pointer.x + GAP_PX : pointer.x - GAP_PX - lensPx,
    top: above ? pointer.y - GAP_PX - lensPx : pointer.y + GAP_PX,
  };
}

// Painting helpers for the selection and the overlay (the mark under the pointer, whatever a gesture is drawing or
// moving). In image pixels, sizes divided by the scale so that they stay the same on screen; the overlay is drawn
// with the camera's scale at the time, so a zoom renders no component.
import { handlePosition } from '../geometry/box';
import { type Box, HANDLES, type Size } from '../geometry/types';
import type { PathPainter } from '../contract/painter';
import { POINT_RADIUS_PX, SELECTED_COLOUR, strokeTwice } from './paint-marks';

/** The mark under the pointer, on the canvas or in the object list. */
const HOVER_COLOUR = '#ff7ad9';
const HANDLE_PX = 8;
const SELECTED_POINT_RADIUS_PX = 6;

/** A place in image pixels. */
type Spot = { readonly x: number; readonly y: number };

/** A box in the selection's colour; dashed while it is only a preview (being drawn, or being searched for). */
export function paintBoxOutline(context: PathPainter, box: Box, scale: number, dashed = false) {
  context.beginPath();
  context.rect(box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0);
  context.setLineDash(dashed ? [6 / scale, 4 / scale] : []);
  strokeTwice(context, scale, SELECTED_COLOUR, 2);
  context.setLineDash([]);
}

/** The selected (or moving) box with its eight resize handles. */
export function paintSelectedBox(context: PathPainter, box: Box, scale: number) {
  paintBoxOutline(context, box, scale);
  const size = HANDLE_PX / scale;
  context.beginPath();
  for (const handle of HANDLES) {
    const at = handlePosition(box, handle);
    context.rect(at.x - size / 2, at.y - size / 2, size, size);
  }
  context.setAttr('fillStyle', '#ffffff');
  context.fill();
  context.setAttr('lineWidth', 1 / scale);
  context.setAttr('strokeStyle', SELECTED_COLOUR);
  context.stroke();
}

/** A point being placed, moved or selected. */
export function paintPointMark(context: PathPainter, point: Spot, scale: number, colour: string) {
  context.beginPath();
  context.arc(point.x, point.y, SELECTED_POINT_RADIUS_PX / scale, 0, Math.PI * 2);
  context.setAttr('fillStyle', 'rgba(62, 166, 255, 0.35)');
  context.fill();
  strokeTwice(context, scale, colour, 2);
}

/** Thin guides across the whole media through `at`: where a box's moving corner is, against the image's edges. */
export function paintCrosshair(context: PathPainter, at: Spot, media: Size, scale: number) {
  context.beginPath();
  context.moveTo(at.x, 0);
  context.lineTo(at.x, media.height);
  context.moveTo(0, at.y);
  context.lineTo(media.width, at.y);
  context.setLineDash([4 / scale, 4 / scale]);
  strokeTwice(context, scale, 'rgba(255, 255, 255, 0.8)', 1);
  context.setLineDash([]);
}

/** The box under the pointer, outlined. */
export function paintBoxHover(context: PathPainter, box: Box | undefined, scale: number) {
  if (!box) return;
  context.beginPath();
  context.rect(box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0);
  strokeTwice(context, scale, HOVER_COLOUR, 3);
}

/** The point under the pointer, ringed. */
export function paintPointHover(context: PathPainter, point: Spot | undefined, scale: number) {
  if (!point) return;
  context.beginPath();
  context.arc(point.x, point.y, (POINT_RADIUS_PX / scale) * 1.6, 0, Math.PI * 2);
  strokeTwice(context, scale, HOVER_COLOUR, 2);
}

import { boxArea, boxContains, handlePosition } from './box';
import { screenToImage } from './camera';
import type { Box, Camera, Handle, ImagePoint, ScreenPoint } from './types';
import { HANDLES } from './types';

/** A pointer position in image pixels, with the tolerance converted from screen pixels at the current zoom. */
export interface HitProbe {
  readonly point: ImagePoint;
  readonly tolerance: number;
}

export const probe = (point: ImagePoint, scale: number, tolerancePx: number): HitProbe => ({
  point,
  tolerance: tolerancePx / scale,
});

export const probeAtScreen = (camera: Camera, point: ScreenPoint, tolerancePx: number): HitProbe =>
  probe(screenToImage(camera, point), camera.scale, tolerancePx);

export type BoxHit = { kind: 'handle'; index: number; handle: Handle } | { kind: 'box'; index: number };

/** How far the point is from the box's nearest edge (inside or out) or from its centre, whichever is nearer. */
function distanceToBox(box: Box, point: ImagePoint): number {
  const dx = Math.max(box.x0 - point.x, 0, point.x - box.x1);
  const dy = Math.max(box.y0 - point.y, 0, point.y - box.y1);
  const inside = dx === 0 && dy === 0;
  const toEdge = inside ? Math.min(point.x - box.x0, box.x1 - point.x, point.y - box.y0, box.y1 - point.y) : Math.hypot(dx, dy);
  const toCentre = Math.hypot(point.x - (box.x0 + box.x1) / 2, point.y - (box.y0 + box.y1) / 2);
  return Math.min(toEdge, toCentre);
}

/** The selected box's handle nearest the point within tolerance, unless the point is nearer the box's centre. */
function handleAt(box: Box, point: ImagePoint, tolerance: number): Handle | null {
  let best: { handle: Handle; distance: number } | null = null;
  for (const handle of HANDLES) {
    const at = handlePosition(box, handle);
    if (Math.abs(at.x - point.x) > tolerance || Math.abs(at.y - point.y) > tolerance) continue;
    const distance = Math.hypot(at.x - point.x, at.y - point.y);
    if (!best || distance < best.distance) best = { handle, distance };
  }
  // On a box only a few pixels wide every handle is within tolerance of its middle: there a press moves the box.
  const toCentre = Math.hypot(point.x - (box.x0 + box.x1) / 2, point.y - (box.y0 + box.y1) / 2);
  return best && best.distance <= toCentre ? best.handle : null;
}

/**
 * What is under the probe: the selected box first (its handles, then its body), else, of the boxes within
 * tolerance, the one whose edge or centre is nearest the pointer. Nearness rather than size keeps tiny boxes
 * reachable both next to each other (the tolerance of each overlaps its neighbour) and inside a big box (the big
 * box's edges are far away). Equal distances go to the smaller box, then to the later (topmost) one.
 */
export function hitTestBoxes(boxes: readonly Box[], selected: number | null, { point, tolerance }: HitProbe): BoxHit | null {
  const selectedBox = selected === null ? undefined : boxes[selected];
  if (selected !== null && selectedBox) {
    const handle = handleAt(selectedBox, point, tolerance);
    if (handle) return { kind: 'handle', index: selected, handle };
    if (boxContains(selectedBox, point)) return { kind: 'box', index: selected };
  }
  let best: { index: number; distance: number; area: number } | null = null;
  for (const [index, box] of boxes.entries()) {
    if (!boxContains(box, point, tolerance)) continue;
    const candidate = { index, distance: distanceToBox(box, point), area: boxArea(box) };
    if (!best || candidate.distance < best.distance || (candidate.distance === best.distance && candidate.area <= best.area)) {
      best = candidate;
    }
  }
  return best && { kind: 'box', index: best.index };
}

/** Index of the nearest point within tolerance; on equal distance the later (topmost) one. */
export function hitTestPoints(points: readonly ImagePoint[], { point, tolerance }: HitProbe): number | null {
  let best: { index: number; distance: number } | null = null;
  for (const [index, candidate] of points.entries()) {
    const distance = Math.hypot(candidate.x - point.x, candidate.y - point.y);
    if (distance <= tolerance && (!best || distance <= best.distance)) best = { index, distance };
  }
  return best?.index ?? null;
}

export type Axis = 'x' | 'y';

/** Whether the probe is on the line at `offset` pixels from the left (x) or top (y) edge. */
export const hitTestLine = (offset: number, axis: Axis, { point, tolerance }: HitProbe): boolean =>
  Math.abs(point[axis] - offset) <= tolerance;

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

/**
 * What is under the probe: a handle of the selected box first (only the selected box shows handles), else the
 * smallest box containing the point, so that a small box on top of a big one stays reachable; on equal area the
 * later (topmost) box wins.
 */
export function hitTestBoxes(boxes: readonly Box[], selected: number | null, { point, tolerance }: HitProbe): BoxHit | null {
  const selectedBox = selected === null ? undefined : boxes[selected];
  if (selected !== null && selectedBox) {
    for (const handle of HANDLES) {
      const at = handlePosition(selectedBox, handle);
      if (Math.abs(at.x - point.x) <= tolerance && Math.abs(at.y - point.y) <= tolerance) {
        return { kind: 'handle', index: selected, handle };
      }
    }
  }
  let best: { index: number; area: number } | null = null;
  for (const [index, box] of boxes.entries()) {
    if (!boxContains(box, point, tolerance)) continue;
    const area = boxArea(box);
    if (!best || area <= best.area) best = { index, area };
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

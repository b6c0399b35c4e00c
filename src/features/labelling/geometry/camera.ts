import type { Box, Camera, ImagePoint, ScreenPoint, Size } from './types';
import { imagePoint, screenPoint } from './types';

export interface ZoomLimits {
  readonly min: number;
  readonly max: number;
}

export const screenToImage = (camera: Camera, point: ScreenPoint): ImagePoint =>
  imagePoint((point.x - camera.x) / camera.scale, (point.y - camera.y) / camera.scale);

export const imageToScreen = (camera: Camera, point: ImagePoint): ScreenPoint =>
  screenPoint(point.x * camera.scale + camera.x, point.y * camera.scale + camera.y);

/**
 * `box` (image pixels) on the screen, in whole screen pixels: widened by `margin` screen pixels and cut to the
 * viewport. Null when none of it shows.
 */
export function boxOnScreen(camera: Camera, box: Box, viewport: Size, margin = 0): Box | null {
  const from = imageToScreen(camera, imagePoint(box.x0, box.y0));
  const to = imageToScreen(camera, imagePoint(box.x1, box.y1));
  const x0 = Math.max(0, Math.floor(from.x - margin));
  const y0 = Math.max(0, Math.floor(from.y - margin));
  const x1 = Math.min(viewport.width, Math.ceil(to.x + margin));
  const y1 = Math.min(viewport.height, Math.ceil(to.y + margin));
  return x0 < x1 && y0 < y1 ? { x0, y0, x1, y1 } : null;
}

/** A box on the screen, in image pixels. */
export function boxInImage(camera: Camera, box: Box): Box {
  const from = screenToImage(camera, screenPoint(box.x0, box.y0));
  const to = screenToImage(camera, screenPoint(box.x1, box.y1));
  return { x0: from.x, y0: from.y, x1: to.x, y1: to.y };
}

/** The camera that shows the whole image centred in the viewport, leaving `padding` screen pixels around it. */
export function fitToView(image: Size, viewport: Size, padding = 0): Camera {
  const scale = Math.max(
    Number.EPSILON,
    Math.min((viewport.width - 2 * padding) / image.width, (viewport.height - 2 * padding) / image.height),
  );
  return { scale, x: (viewport.width - image.width * scale) / 2, y: (viewport.height - image.height * scale) / 2 };
}

/** Zooms by `factor` while the image point under `anchor` stays under it. */
export function zoomAt(camera: Camera, anchor: ScreenPoint, factor: number, limits: ZoomLimits): Camera {
  const scale = Math.min(limits.max, Math.max(limits.min, camera.scale * factor));
  const fixed = screenToImage(camera, anchor);
  return { scale, x: anchor.x - fixed.x * scale, y: anchor.y - fixed.y * scale };
}

export const pan = (camera: Camera, dx: number, dy: number): Camera => ({ ...camera, x: camera.x + dx, y: camera.y + dy });

/** The part of the image the viewport shows, in image pixels (for culling with `visibleIn`). */
export function viewRect(camera: Camera, viewport: Size): Box {
  const topLeft = screenToImage(camera, screenPoint(0, 0));
  const bottomRight = screenToImage(camera, screenPoint(viewport.width, viewport.height));
  return { x0: topLeft.x, y0: topLeft.y, x1: bottomRight.x, y1: bottomRight.y };
}

import type { PointCoords } from '../../../src/api/application-types/answer';
import type { BoxCoords } from '../../../src/api/types';

/** A focus box as whole media pixels inside the media, at least one pixel wide and high. */
export function clampBox(box: BoxCoords, width: number, height: number): BoxCoords {
  const x0 = Math.min(width - 1, Math.max(0, Math.floor(box.x0)));
  const y0 = Math.min(height - 1, Math.max(0, Math.floor(box.y0)));
  return {
    x0,
    y0,
    x1: Math.max(x0 + 1, Math.min(width, Math.ceil(box.x1))),
    y1: Math.max(y0 + 1, Math.min(height, Math.ceil(box.y1))),
  };
}

/** A point as the whole media pixel it falls in. */
export const mediaPixel = ({ x, y }: PointCoords, width: number, height: number): PointCoords => ({
  x: Math.min(width - 1, Math.max(0, Math.floor(x))),
  y: Math.min(height - 1, Math.max(0, Math.floor(y))),
});

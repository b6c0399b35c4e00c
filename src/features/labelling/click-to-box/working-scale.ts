// Large images are searched on a downscaled copy; regions are mapped back to image pixels.
import type { Size } from '../geometry/types';
import type { Region } from '../contract/region';

/** Pixels of the copy the search runs on: about 2 MP keeps a click within budget on a 4000×3000 image. */
const MAX_WORKING_PIXELS = 2_000_000;

/** The size of the working copy: the source itself when small enough, else the largest that fits the budget. */
export function workingSize(source: Size, maxPixels = MAX_WORKING_PIXELS): Size {
  const shrink = Math.min(1, Math.sqrt(maxPixels / (source.width * source.height)));
  return { width: Math.max(1, Math.floor(source.width * shrink)), height: Math.max(1, Math.floor(source.height * shrink)) };
}

/** Image pixels to working pixels and back: `media` is the image's full size, `working` the searched copy. */
export function workingMapping(media: Size, working: Size) {
  const sx = media.width / working.width;
  const sy = media.height / working.height;
  return {
    toWorking: (p: { x: number; y: number }) => ({ x: p.x / sx, y: p.y / sy }),
    boxToWorking: (box: Region['box']): Region['box'] => ({ x0: box.x0 / sx, y0: box.y0 / sy, x1: box.x1 / sx, y1: box.y1 / sy }),
    toImage: (region: Region): Region => ({
      box: {
        x0: Math.round(region.box.x0 * sx),
        y0: Math.round(region.box.y0 * sy),
        x1: Math.round(region.box.x1 * sx),
        y1: Math.round(region.box.y1 * sy),
      },
      centroid: { x: region.centroid.x * sx, y: region.centroid.y * sy },
      area: Math.round(region.area * sx * sy),
    }),
  };
}

// Synthetic RGBA images for the region tests and the benchmark.
import type { RgbaImage } from '../contract/region';

type Rgb = readonly [number, number, number];

export interface Rect {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  readonly colour: Rgb;
}

/** A `background` image with filled rectangles (x1, y1 exclusive), plus uniform noise of ±`noise` per channel. */
export function syntheticImage(width: number, height: number, background: Rgb, rects: readonly Rect[], noise = 0, seed = 1): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const rect = rects.findLast((r) => x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1);
      const colour = rect?.colour ?? background;
      const i = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) data[i + c] = colour[c]! + (noise ? Math.round((random() * 2 - 1) * noise) : 0);
      data[i + 3] = 255;
    }
  }
  return { width, height, data };
}

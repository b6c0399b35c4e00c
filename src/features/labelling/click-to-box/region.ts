// Region growing from a clicked pixel: the connected pixels whose colour is close to the seed's neighbourhood.
import type { LabImage } from './lab-image';

export interface RegionOptions {
  /** Largest ΔE76 between a pixel and the mean colour around the seed. */
  readonly tolerance: number;
  /** Largest ΔE76 between two neighbouring pixels: a stronger edge stops the growth. */
  readonly edge: number;
  /** Fewest pixels that make an object: fewer is a speck. */
  readonly minArea: number;
  /** Most pixels, as a fraction of the image: more is background. */
  readonly maxAreaFraction: number;
}

export const DEFAULT_REGION_OPTIONS: RegionOptions = { tolerance: 20, edge: 20, minArea: 9, maxAreaFraction: 0.25 };

/** Pixel `i` covers [i, i + 1): `box` is in pixel edges (x1, y1 exclusive), `centroid` is the mean of pixel centres. */
export interface Region {
  readonly box: { readonly x0: number; readonly y0: number; readonly x1: number; readonly y1: number };
  readonly centroid: { readonly x: number; readonly y: number };
  readonly area: number;
}

function meanAround({ width, height, lab }: LabImage, sx: number, sy: number): [number, number, number] {
  const mean: [number, number, number] = [0, 0, 0];
  let n = 0;
  for (let y = Math.max(0, sy - 1); y <= Math.min(height - 1, sy + 1); y++) {
    for (let x = Math.max(0, sx - 1); x <= Math.min(width - 1, sx + 1); x++) {
      const o = (y * width + x) * 3;
      mean[0] += lab[o]!;
      mean[1] += lab[o + 1]!;
      mean[2] += lab[o + 2]!;
      n++;
    }
  }
  return [mean[0] / n, mean[1] / n, mean[2] / n];
}

/**
 * The 4-connected region around the seed pixel; null when it is smaller than `minArea` (a speck) or reaches the
 * maximum area (the click was on background), or when the seed is outside the image.
 */
export function growRegion(image: LabImage, seed: { x: number; y: number }, options: RegionOptions = DEFAULT_REGION_OPTIONS): Region | null {
  const { width, height, lab } = image;
  const sx = Math.floor(seed.x);
  const sy = Math.floor(seed.y);
  if (sx < 0 || sy < 0 || sx >= width || sy >= height) return null;
  const maxArea = Math.floor(width * height * options.maxAreaFraction);
  const [mL, mA, mB] = meanAround(image, sx, sy);
  const tolerance2 = options.tolerance ** 2;
  const edge2 = options.edge ** 2;
  const visited = new Uint8Array(width * height);
  // Every accepted pixel is queued once; one pixel queues at most 4 more before the area check stops the growth.
  const queue = new Int32Array(maxArea + 5);
  let head = 0;
  let tail = 0;
  let x0 = sx, y0 = sy, x1 = sx, y1 = sy, sumX = 0, sumY = 0;

  const start = sy * width + sx;
  visited[start] = 1;
  queue[tail++] = start;
  const tryPixel = (from: number, to: number) => {
    if (visited[to]) return;
    const o = to * 3;
    const L = lab[o]!, a = lab[o + 1]!, b = lab[o + 2]!;
    if ((L - mL) ** 2 + (a - mA) ** 2 + (b - mB) ** 2 > tolerance2) return;
    const p = from * 3;
    if ((L - lab[p]!) ** 2 + (a - lab[p + 1]!) ** 2 + (b - lab[p + 2]!) ** 2 > edge2) return;
    visited[to] = 1;
    queue[tail++] = to;
  };

  while (head < tail) {
    if (tail > maxArea) return null;
    const i = queue[head++]!;
    const x = i % width;
    const y = (i - x) / width;
    sumX += x;
    sumY += y;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
    if (x > 0) tryPixel(i, i - 1);
    if (x < width - 1) tryPixel(i, i + 1);
    if (y > 0) tryPixel(i, i - width);
    if (y < height - 1) tryPixel(i, i + width);
  }
  const area = tail;
  if (area < options.minArea) return null;
  return { box: { x0, y0, x1: x1 + 1, y1: y1 + 1 }, centroid: { x: sumX / area + 0.5, y: sumY / area + 0.5 }, area };
}

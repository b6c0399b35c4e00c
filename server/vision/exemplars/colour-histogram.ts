import type { BoxCoords } from '../../../src/api/types';

/** An RGB image: three bytes per pixel, row by row. */
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array;
}

const LEVELS = 4;
const BINS = LEVELS * LEVELS * LEVELS;

/** The share of a box's pixels in each of 64 colour bins (4 levels per channel). */
export function colourHistogram(image: RgbImage, box: BoxCoords): Float32Array {
  const histogram = new Float32Array(BINS);
  const x0 = Math.max(0, Math.floor(box.x0));
  const y0 = Math.max(0, Math.floor(box.y0));
  const x1 = Math.min(image.width, Math.ceil(box.x1));
  const y1 = Math.min(image.height, Math.ceil(box.y1));
  let count = 0;
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      const at = (y * image.width + x) * 3;
      const bin = (((image.data[at] ?? 0) * LEVELS) >> 8) * LEVELS * LEVELS + (((image.data[at + 1] ?? 0) * LEVELS) >> 8) * LEVELS + (((image.data[at + 2] ?? 0) * LEVELS) >> 8);
      histogram[bin] = (histogram[bin] ?? 0) + 1;
      count += 1;
    }
  }
  if (count > 0) for (let k = 0; k < BINS; k += 1) histogram[k] = (histogram[k] ?? 0) / count;
  return histogram;
}

/** Histogram intersection: 1 for the same colours in the same shares, 0 for none in common. */
export function colourLikeness(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let k = 0; k < a.length; k += 1) sum += Math.min(a[k] ?? 0, b[k] ?? 0);
  return sum;
}

import type { BoxCoords } from '../../../src/api/types';
import type { GreyImage } from './grey-image';

const CELLS = 3;
const ORIENTATIONS = 8;

/**
 * What a box's edges look like: in each cell of a 3 × 3 grid over it, the gradient's strength per direction (8
 * unsigned directions), as one unit vector (a histogram of oriented gradients, coarse). Round cans, chips and pins
 * that correlate alike in grey differ in it.
 */
export function gradientHistogram(image: GreyImage, box: BoxCoords): Float32Array {
  const histogram = new Float32Array(CELLS * CELLS * ORIENTATIONS);
  const x0 = Math.max(1, Math.floor(box.x0));
  const y0 = Math.max(1, Math.floor(box.y0));
  const x1 = Math.min(image.width - 1, Math.ceil(box.x1));
  const y1 = Math.min(image.height - 1, Math.ceil(box.y1));
  const width = Math.max(1, x1 - x0);
  const height = Math.max(1, y1 - y0);
  const at = (x: number, y: number) => image.data[y * image.width + x] ?? 0;
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      const gx = at(x + 1, y) - at(x - 1, y);
      const gy = at(x, y + 1) - at(x, y - 1);
      const strength = Math.hypot(gx, gy);
      if (strength === 0) continue;
      const angle = (Math.atan2(gy, gx) + Math.PI) % Math.PI;
      const bin = Math.min(ORIENTATIONS - 1, Math.floor((angle / Math.PI) * ORIENTATIONS));
      const cell = Math.min(CELLS - 1, Math.floor(((y - y0) / height) * CELLS)) * CELLS + Math.min(CELLS - 1, Math.floor(((x - x0) / width) * CELLS));
      histogram[cell * ORIENTATIONS + bin] = (histogram[cell * ORIENTATIONS + bin] ?? 0) + strength;
    }
  }
  let norm = 0;
  for (const value of histogram) norm += value * value;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let k = 0; k < histogram.length; k += 1) histogram[k] = (histogram[k] ?? 0) / norm;
  return histogram;
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let k = 0; k < a.length; k += 1) sum += (a[k] ?? 0) * (b[k] ?? 0);
  return sum;
}

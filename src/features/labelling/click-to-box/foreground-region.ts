// A segmentation mask to the object a click (or a drawn rectangle) meant: one 4-connected foreground component.
import type { Region } from '../contract/region';

/** Foreground (non-zero) or background (0) per pixel, row by row. */
export interface Mask {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

interface Component extends Region {
  readonly contains: boolean;
}

/** Every 4-connected foreground component of the mask, with whether it holds the `seed` pixel. */
function components({ width, height, data }: Mask, seed: { x: number; y: number } | null): Component[] {
  const label = new Int32Array(width * height);
  const queue = new Int32Array(width * height);
  const seedIndex = seed ? Math.floor(seed.y) * width + Math.floor(seed.x) : -1;
  const found: Component[] = [];
  for (let start = 0; start < data.length; start++) {
    if (!data[start] || label[start]) continue;
    label[start] = found.length + 1;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    let x0 = width, y0 = height, x1 = 0, y1 = 0, sumX = 0, sumY = 0, contains = false;
    while (head < tail) {
      const i = queue[head++]!;
      const x = i % width;
      const y = (i - x) / width;
      contains ||= i === seedIndex;
      sumX += x;
      sumY += y;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (const next of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, y > 0 ? i - width : -1, y < height - 1 ? i + width : -1]) {
        if (next < 0 || !data[next] || label[next]) continue;
        label[next] = found.length + 1;
        queue[tail++] = next;
      }
    }
    const area = tail;
    found.push({ box: { x0, y0, x1: x1 + 1, y1: y1 + 1 }, centroid: { x: sumX / area + 0.5, y: sumY / area + 0.5 }, area, contains });
  }
  return found;
}

const boxHolds = ({ box }: Region, { x, y }: { x: number; y: number }) => x >= box.x0 && x < box.x1 && y >= box.y0 && y < box.y1;

/**
 * The object of a mask, in mask pixels: with a `seed`, the component holding the seed pixel, else the largest
 * component whose box holds it (a click on a gap inside the object), else none; without a seed, the largest
 * component. Null when the mask has no foreground there.
 */
export function foregroundRegion(mask: Mask, seed: { x: number; y: number } | null): Region | null {
  const all = components(mask, seed);
  const candidates = seed ? (all.some((c) => c.contains) ? all.filter((c) => c.contains) : all.filter((c) => boxHolds(c, seed))) : all;
  const largest = candidates.reduce<Component | null>((best, c) => (best && best.area >= c.area ? best : c), null);
  return largest && { box: largest.box, centroid: largest.centroid, area: largest.area };
}

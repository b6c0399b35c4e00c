import type { BoxCoords } from '../../../src/api/types';
import type { CenterNetOutput } from './centernet';

/** The detector's region features lie on a square grid this many cells across (stride 16 of its 512 px input). */
export const FEATURE_GRID_SIZE = 32;
export const REGION_FEATURE_CHANNELS = 256;
/** A region's embedding: the mean features of its four quarters. */
const REGION_EMBEDDING_SIZE = 4 * REGION_FEATURE_CHANNELS;

/** A unit vector: what a region or an image looks like to the detector, compared by dot products. */
export type Embedding = Float32Array;

/**
 * The detector's features of one image, for the learned head: a summed-area table of the region features over the
 * grid that covers `frame` (the analysed part of the media, stretched to a square), and the image's embedding.
 */
export interface FeatureMap {
  frame: BoxCoords;
  /** (FEATURE_GRID_SIZE + 1)² corners × REGION_FEATURE_CHANNELS sums, row by row. */
  integral: Float32Array;
  image: Embedding;
}

/** A box on the feature grid, in whole cells (x1, y1 exclusive). */
export interface CellBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function featureMapOf(output: Pick<CenterNetOutput, 'regionFeatures' | 'imageFeatures'>, frame: BoxCoords): FeatureMap {
  return { frame, integral: summedAreaTable(output.regionFeatures), image: normalized(Float32Array.from(output.imageFeatures)) };
}

function summedAreaTable(cells: Float32Array): Float32Array {
  const size = FEATURE_GRID_SIZE;
  const channels = REGION_FEATURE_CHANNELS;
  const stride = (size + 1) * channels;
  const table = new Float32Array((size + 1) * stride);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const cell = (y * size + x) * channels;
      const at = (y + 1) * stride + (x + 1) * channels;
      const left = at - channels;
      const up = at - stride;
      const upLeft = up - channels;
      for (let c = 0; c < channels; c += 1) {
        table[at + c] = (cells[cell + c] ?? 0) + (table[left + c] ?? 0) + (table[up + c] ?? 0) - (table[upLeft + c] ?? 0);
      }
    }
  }
  return table;
}

/** The cells a media-pixel box covers (at least one). */
export function cellBoxOf(map: FeatureMap, box: BoxCoords): CellBox {
  const { frame } = map;
  const toCellX = (x: number) => ((x - frame.x0) / (frame.x1 - frame.x0)) * FEATURE_GRID_SIZE;
  const toCellY = (y: number) => ((y - frame.y0) / (frame.y1 - frame.y0)) * FEATURE_GRID_SIZE;
  const clamp = (value: number) => Math.min(FEATURE_GRID_SIZE, Math.max(0, value));
  const x0 = clamp(Math.round(toCellX(box.x0)));
  const y0 = clamp(Math.round(toCellY(box.y0)));
  const x1 = Math.max(Math.min(x0 + 1, FEATURE_GRID_SIZE), clamp(Math.round(toCellX(box.x1))));
  const y1 = Math.max(Math.min(y0 + 1, FEATURE_GRID_SIZE), clamp(Math.round(toCellY(box.y1))));
  return { x0: Math.min(x0, x1 - 1), y0: Math.min(y0, y1 - 1), x1, y1 };
}

/** A cell box in media pixels. */
export function mediaBoxOf(map: FeatureMap, cells: CellBox): BoxCoords {
  const { frame } = map;
  const cellWidth = (frame.x1 - frame.x0) / FEATURE_GRID_SIZE;
  const cellHeight = (frame.y1 - frame.y0) / FEATURE_GRID_SIZE;
  return {
    x0: Math.round(frame.x0 + cells.x0 * cellWidth),
    y0: Math.round(frame.y0 + cells.y0 * cellHeight),
    x1: Math.round(frame.x0 + cells.x1 * cellWidth),
    y1: Math.round(frame.y0 + cells.y1 * cellHeight),
  };
}

/**
 * What the cells of a box look like: the mean feature of each of its quarters, side by side, as a unit vector (the
 * layout tells a whole object from a texture that fills a part of it, which one mean cannot).
 */
export function cellsEmbedding(map: FeatureMap, c: CellBox): Embedding {
  const mx = Math.max(c.x0 + 1, Math.round((c.x0 + c.x1) / 2));
  const my = Math.max(c.y0 + 1, Math.round((c.y0 + c.y1) / 2));
  const parts = [
    { x0: c.x0, y0: c.y0, x1: Math.min(mx, c.x1), y1: Math.min(my, c.y1) },
    { x0: Math.min(mx, c.x1 - 1), y0: c.y0, x1: c.x1, y1: Math.min(my, c.y1) },
    { x0: c.x0, y0: Math.min(my, c.y1 - 1), x1: Math.min(mx, c.x1), y1: c.y1 },
    { x0: Math.min(mx, c.x1 - 1), y0: Math.min(my, c.y1 - 1), x1: c.x1, y1: c.y1 },
  ];
  const out = new Float32Array(REGION_EMBEDDING_SIZE);
  parts.forEach((part, i) => out.set(meanEmbedding(map, part), i * REGION_FEATURE_CHANNELS));
  return normalized(out);
}

/** The mean feature of cells, as a unit vector. */
function meanEmbedding(map: FeatureMap, { x0, y0, x1, y1 }: CellBox): Embedding {
  const channels = REGION_FEATURE_CHANNELS;
  const stride = (FEATURE_GRID_SIZE + 1) * channels;
  const { integral } = map;
  const a = y0 * stride + x0 * channels;
  const b = y0 * stride + x1 * channels;
  const c = y1 * stride + x0 * channels;
  const d = y1 * stride + x1 * channels;
  const sum = new Float32Array(channels);
  for (let k = 0; k < channels; k += 1) {
    sum[k] = (integral[d + k] ?? 0) - (integral[b + k] ?? 0) - (integral[c + k] ?? 0) + (integral[a + k] ?? 0);
  }
  return normalized(sum);
}

export const regionEmbedding = (map: FeatureMap, box: BoxCoords): Embedding => cellsEmbedding(map, cellBoxOf(map, box));

function normalized(vector: Float32Array): Embedding {
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let k = 0; k < vector.length; k += 1) vector[k] = (vector[k] ?? 0) / norm;
  return vector;
}

export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let k = 0; k < a.length; k += 1) sum += (a[k] ?? 0) * (b[k] ?? 0);
  return sum;
}

// A large plan made of the demo's real photographs, for the retiler's tests and bench: built when they run, never committed.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { PLAN_MAX_PIXELS } from '../media/open-image';

const PHOTOS = path.join(import.meta.dirname, '../demo/photos');

/**
 * A JPEG mosaic `columns` × `rows` cells of `cell` pixels, the demo photographs in turn, each cut to a square cell.
 * libvips joins the cells a band of rows at a time (arrayjoin), so the mosaic is never held whole as pixels; the
 * photographs are decoded once each, at the cell's size.
 */
export async function buildPlanMosaic({ columns, rows, cell, quality = 70 }: { columns: number; rows: number; cell: number; quality?: number }): Promise<Buffer> {
  const names = (await readdir(PHOTOS)).filter((name) => name.endsWith('.jpg')).sort();
  const cells = await Promise.all(names.map(async (name) => sharp(await readFile(path.join(PHOTOS, name))).resize(cell, cell, { fit: 'cover' }).png({ compressionLevel: 1 }).toBuffer()));
  const inputs = Array.from({ length: columns * rows }, (_, i) => cells[i % cells.length]!);
  return sharp(inputs, { join: { across: columns }, limitInputPixels: PLAN_MAX_PIXELS }).jpeg({ quality }).toBuffer();
}

/** The plan: 12,000 × 9,000 pixels (108 megapixels), 24 × 18 cells of 500 pixels. */
export const LARGE_PLAN = { columns: 24, rows: 18, cell: 500 } as const;

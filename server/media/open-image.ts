import { availableParallelism, totalmem } from 'node:os';
import sharp from 'sharp';
import { createConcurrencyLimit } from './concurrency-limit';

/** Larger images are refused before decoding: 100 megapixels already take about 400 MB as RGBA pixels. */
export const MAX_MEDIA_PIXELS = 100_000_000;

/**
 * Opens untrusted image bytes the one way the service reads them: turned upright from EXIF, bounded in pixels,
 * refusing truncated or broken data but tolerating the decoder warnings that many camera files cause.
 */
export function openImage(bytes: Buffer) {
  return sharp(bytes, { autoOrient: true, failOn: 'error', limitInputPixels: MAX_MEDIA_PIXELS });
}

/**
 * How many images are decoded at once, across all requests and background work: one per core, but never more than 4
 * and never more than one per 512 MiB of memory, since a decode near the pixel limit can hold about 400 MB. Parallel
 * uploads beyond that wait their turn instead of exhausting the memory.
 */
export const IMAGE_WORK_CONCURRENCY = Math.max(1, Math.min(availableParallelism(), 4, Math.floor(totalmem() / 2 ** 29)));

/** Decoded images are large, so this bounds how many are decoded at once across all requests. */
export const runImageWork = createConcurrencyLimit(IMAGE_WORK_CONCURRENCY);

import { availableParallelism } from 'node:os';
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

/** Decoded images are large, so this bounds how many are decoded at once across all requests. */
export const runImageWork = createConcurrencyLimit(availableParallelism());

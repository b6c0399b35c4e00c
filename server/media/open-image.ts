import { availableParallelism, totalmem } from 'node:os';
import sharp from 'sharp';
import { createConcurrencyLimit } from './concurrency-limit';

/** Larger images are refused before decoding: 100 megapixels already take about 400 MB as RGBA pixels. */
export const MAX_MEDIA_PIXELS = 100_000_000;

/**
 * The one exception, for plans (docs/api.md, "retiler"): a still image uploaded to an input subject of an active
 * retiler application may have up to 200 megapixels (in at most MEDIA_MAX_BYTES). Only reads that stream it, top to
 * bottom, open it so (`{ plan: true }`): the upload's checks and resized copies (shrunk on load), and the retiler's
 * one pass; every other reader keeps MAX_MEDIA_PIXELS and passes a plan by.
 */
export const PLAN_MAX_PIXELS = 200_000_000;

/** Whether bytes may be a plan (see PLAN_MAX_PIXELS), for the reads that stream an image top to bottom. */
export interface PlanAllowance {
  plan?: boolean;
}

export const maxPixelsOf = ({ plan = false }: PlanAllowance) => (plan ? PLAN_MAX_PIXELS : MAX_MEDIA_PIXELS);

/** How much the decoder lets pass: errors (the default) or anything it warns of too (see decodeWhole). */
type Strictness = 'error' | 'warning';

/**
 * Opens untrusted image bytes the one way the service reads them: turned upright from EXIF, bounded in pixels,
 * refusing truncated or broken data but tolerating the decoder warnings that many camera files cause. A plan is
 * opened for reading top to bottom, which libvips does a band of rows at a time.
 */
export function openImage(bytes: Buffer, allowance: PlanAllowance = {}, failOn: Strictness = 'error') {
  return sharp(bytes, { autoOrient: true, failOn, limitInputPixels: maxPixelsOf(allowance), sequentialRead: allowance.plan === true });
}

/** An image whose pixel data ends before the size its header declares (decodeWhole). */
export class IncompleteImage extends Error {
  override name = 'IncompleteImage';
}

/**
 * libjpeg's words when the compressed data ends before the image does. It only warns, and makes the rest up as grey:
 * a 49 KB file whose header says 9,000 × 9,000 pixels decodes "successfully" into a grey image (issue 37).
 */
const DATA_ENDS_EARLY = /premature end of (data segment|JPEG)/i;

/**
 * Runs a decode that must read the whole image: first failing on any decoder warning; when the warning says the
 * pixel data ended early the image is incomplete (IncompleteImage), and for any other warning (harmless ones are
 * common in camera files) the decode runs again, failing on errors only.
 */
export async function decodeWhole<T>(decode: (failOn: Strictness) => Promise<T>): Promise<T> {
  try {
    return await decode('warning');
  } catch (error) {
    if (DATA_ENDS_EARLY.test(error instanceof Error ? error.message : String(error))) {
      throw new IncompleteImage('The image file is incomplete: its pixel data ends before the size its header declares.');
    }
    return decode('error');
  }
}

/**
 * How many images are decoded at once, across all requests and background work: one per core, but never more than 4
 * and never more than one per 512 MiB of memory, since a decode near the pixel limit can hold about 400 MB. Parallel
 * uploads beyond that wait their turn instead of exhausting the memory.
 */
export const IMAGE_WORK_CONCURRENCY = Math.max(1, Math.min(availableParallelism(), 4, Math.floor(totalmem() / 2 ** 29)));

/** Decoded images are large, so this bounds how many are decoded at once across all requests. */
export const runImageWork = createConcurrencyLimit(IMAGE_WORK_CONCURRENCY);

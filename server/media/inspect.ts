import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { MEDIA_MAX_BYTES } from '../../src/api/limits';
import { tooLarge, unsupportedMedia } from '../errors';
import { declaredSize, type ImageFormat } from './image-header';
import { decodeWhole, IncompleteImage, maxPixelsOf, openImage, runImageWork, type PlanAllowance } from './open-image';

const MIB = 1024 * 1024;
export const MAX_MEDIA_BYTES = MEDIA_MAX_BYTES;

export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

export interface ImageFacts {
  format: ImageFormat;
  /** As displayed, after the EXIF orientation is applied. */
  width: number;
  height: number;
  md5: string;
  size: number;
}

function startsWith(bytes: Buffer, signature: string, offset = 0): boolean {
  return bytes.subarray(offset, offset + signature.length).equals(Buffer.from(signature, 'latin1'));
}

/** The format from the file's magic bytes; the file name and the declared type are never trusted. */
export function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  if (startsWith(bytes, '\xff\xd8\xff')) return 'jpeg';
  if (startsWith(bytes, '\x89PNG\r\n\x1a\n')) return 'png';
  if (startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a')) return 'gif';
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WEBP', 8)) return 'webp';
  return null;
}

const UNSUPPORTED = 'The file is not a JPEG, PNG, WebP or GIF image.';
const tooManyPixels = (maxPixels: number) => tooLarge(`The image has more than ${maxPixels / 1_000_000} megapixels.`);
const DAMAGED = 'The image file is damaged or incomplete.';

/** Refuses a file larger than the limit (413), whatever it holds. */
export function refuseLargerThan(bytes: Buffer, maxBytes = MAX_MEDIA_BYTES): void {
  if (bytes.length <= maxBytes) return;
  const limit = maxBytes % MIB === 0 ? `${maxBytes / MIB} MiB` : `${maxBytes} bytes`;
  throw tooLarge(`The file is larger than ${limit}.`);
}

/**
 * Reads the facts of an upload and proves it decodes, or refuses it: too large, or not a supported, intact image. A
 * plan may have more pixels (PLAN_MAX_PIXELS).
 */
export async function inspectImage(
  bytes: Buffer,
  { maxBytes = MAX_MEDIA_BYTES, ...allowance }: { maxBytes?: number } & PlanAllowance = {},
): Promise<ImageFacts> {
  refuseLargerThan(bytes, maxBytes);
  const maxPixels = maxPixelsOf(allowance);
  const format = sniffImageFormat(bytes);
  if (!format) throw unsupportedMedia(UNSUPPORTED);

  // The size the header declares, read before any decoder sees the file: decoders refuse some huge sizes as if the
  // file were damaged, and the answer to too many pixels is 413 whatever the decoder thinks.
  const declared = declaredSize(bytes, format);
  if (declared && declared.width * declared.height > maxPixels) throw tooManyPixels(maxPixels);

  // The header as the decoder reads it, without its pixel limit, so that too many pixels can be answered with 413.
  const metadata = await sharp(bytes)
    .metadata()
    .catch(() => {
      throw unsupportedMedia(DAMAGED);
    });
  const { width, height } = metadata.autoOrient;
  if (width * height > maxPixels) throw tooManyPixels(maxPixels);
  // The header can be intact (or lie about the size) while the pixel data is cut short; a small decode reads all of
  // it cheaply (JPEG decodes at 1/8 scale).
  await runImageWork(() => decodeWhole((failOn) => openImage(bytes, allowance, failOn).resize({ width: 64 }).toBuffer())).catch((error: unknown) => {
    throw unsupportedMedia(error instanceof IncompleteImage ? error.message : DAMAGED);
  });

  return { format, width, height, md5: createHash('md5').update(bytes).digest('hex'), size: bytes.length };
}

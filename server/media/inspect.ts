import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { MEDIA_MAX_BYTES } from '../../src/api/limits';
import { declaredSize } from './image-header';
import { MAX_MEDIA_PIXELS, openImage, runImageWork } from './open-image';

const MIB = 1024 * 1024;
export const MAX_MEDIA_BYTES = MEDIA_MAX_BYTES;

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif';

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

/** A file the service refuses: 413 when it is too large, 415 when it is not a supported, intact image. */
export class MediaError extends Error {
  readonly status: 413 | 415;

  constructor(status: 413 | 415, message: string) {
    super(message);
    this.name = 'MediaError';
    this.status = status;
  }

  /** Fastify's default error handler reads the status from here. */
  get statusCode(): number {
    return this.status;
  }
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
const tooManyPixels = () => new MediaError(413, `The image has more than ${MAX_MEDIA_PIXELS / 1_000_000} megapixels.`);
const DAMAGED = 'The image file is damaged or incomplete.';

/** Reads the facts of an upload and proves it decodes, or throws a MediaError. */
export async function inspectImage(
  bytes: Buffer,
  { maxBytes = MAX_MEDIA_BYTES }: { maxBytes?: number } = {},
): Promise<ImageFacts> {
  if (bytes.length > maxBytes) {
    const limit = maxBytes % MIB === 0 ? `${maxBytes / MIB} MiB` : `${maxBytes} bytes`;
    throw new MediaError(413, `The file is larger than ${limit}.`);
  }
  const format = sniffImageFormat(bytes);
  if (!format) throw new MediaError(415, UNSUPPORTED);

  // The size the header declares, read before any decoder sees the file: decoders refuse some huge sizes as if the
  // file were damaged, and the answer to too many pixels is 413 whatever the decoder thinks.
  const declared = declaredSize(bytes, format);
  if (declared && declared.width * declared.height > MAX_MEDIA_PIXELS) throw tooManyPixels();

  // The header as the decoder reads it, without its pixel limit, so that too many pixels can be answered with 413.
  const metadata = await sharp(bytes)
    .metadata()
    .catch(() => {
      throw new MediaError(415, DAMAGED);
    });
  const { width, height } = metadata.autoOrient;
  if (width * height > MAX_MEDIA_PIXELS) throw tooManyPixels();
  // The header can be intact while the pixel data is cut short; a small decode reads all of it cheaply
  // (JPEG decodes at 1/8 scale).
  await runImageWork(() => openImage(bytes).resize({ width: 64 }).toBuffer()).catch(() => {
    throw new MediaError(415, DAMAGED);
  });

  return { format, width, height, md5: createHash('md5').update(bytes).digest('hex'), size: bytes.length };
}

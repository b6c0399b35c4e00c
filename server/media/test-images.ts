import sharp from 'sharp';
import type { ImageFormat } from './image-header';

/** A plain image in the given format, built in memory for tests; images of another `red` have other bytes. */
export function makeImage(format: ImageFormat, width: number, height: number, red = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: red, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();
}

/** A JPEG stored `width`×`height` whose EXIF orientation tells viewers to turn it (6 = a quarter turn clockwise). */
export function makeJpegWithOrientation(width: number, height: number, orientation: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation })
    .toBuffer();
}

/** A camera-like JPEG: noisy enough that it compresses like a photo rather than a flat colour. */
export function makePhotoLikeJpeg(width: number, height: number): Promise<Buffer> {
  const noise = { type: 'gaussian', mean: 128, sigma: 30 } as const;
  return sharp({ create: { width, height, channels: 3, background: 'grey', noise } })
    .blur(1.2)
    .jpeg({ quality: 90 })
    .toBuffer();
}

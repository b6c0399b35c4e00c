import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { declaredSize } from './image-header';
import type { ImageFormat } from './image-header';
import { makeImage, makeJpegWithOrientation } from './test-images';

describe('declaredSize', () => {
  it.each<ImageFormat>(['png', 'gif', 'jpeg', 'webp'])('reads the size of a %s from its header', async (format) => {
    expect(declaredSize(await makeImage(format, 301, 207), format)).toEqual({ width: 301, height: 207 });
  });

  it('reads lossless and extended WebP, and a progressive JPEG after its EXIF segment', async () => {
    const image = sharp({ create: { width: 123, height: 45, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } });
    expect(declaredSize(await image.clone().webp({ lossless: true }).toBuffer(), 'webp')).toEqual({ width: 123, height: 45 });
    const extended = await image.clone().webp().withMetadata({ orientation: 3 }).toBuffer();
    expect(extended.toString('latin1', 12, 16)).toBe('VP8X');
    expect(declaredSize(extended, 'webp')).toEqual({ width: 123, height: 45 });
    const progressive = await image.clone().jpeg({ progressive: true }).withMetadata({ orientation: 6 }).toBuffer();
    expect(declaredSize(progressive, 'jpeg')).toEqual({ width: 123, height: 45 });
    // As stored: the EXIF turn is the caller's business (the pixel count is the same).
    expect(declaredSize(await makeJpegWithOrientation(30, 10, 6), 'jpeg')).toEqual({ width: 30, height: 10 });
  });

  it('gives up (null) on a header that is not where it should be', () => {
    expect(declaredSize(Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), 'png')).toBeNull();
    expect(declaredSize(Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'jpeg')).toBeNull();
    expect(declaredSize(Buffer.concat([Buffer.from([0xff, 0xd8]), Buffer.alloc(40, 7)]), 'jpeg')).toBeNull();
    expect(declaredSize(Buffer.from('RIFF\0\0\0\0WEBPXXXX', 'latin1'), 'webp')).toBeNull();
  });
});

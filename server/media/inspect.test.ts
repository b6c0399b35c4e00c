import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ImageFormat } from './image-header';
import { DomainError } from '../errors';
import { inspectImage, MAX_MEDIA_BYTES, sniffImageFormat } from './inspect';
import { makeImage, makeJpegWithOrientation } from './test-images';

const FORMATS: ImageFormat[] = ['jpeg', 'png', 'webp', 'gif'];

async function refusal(bytes: Buffer, options?: { maxBytes?: number }): Promise<DomainError> {
  const error: unknown = await inspectImage(bytes, options).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

describe('sniffImageFormat', () => {
  it.each(FORMATS)('recognises %s by its bytes', async (format) => {
    expect(sniffImageFormat(await makeImage(format, 8, 8))).toBe(format);
  });

  it.each([
    ['text', Buffer.from('just some text')],
    ['HTML', Buffer.from('<!doctype html><html><body>hi</body></html>')],
    ['PDF', Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n')],
    ['a RIFF file that is not WebP', Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1')],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s', (_name, bytes) => {
    expect(sniffImageFormat(bytes)).toBeNull();
  });
});

describe('inspectImage', () => {
  it.each(FORMATS)('reads format, size, width, height and md5 of a %s', async (format) => {
    const bytes = await makeImage(format, 40, 30);
    expect(await inspectImage(bytes)).toEqual({
      format,
      width: 40,
      height: 30,
      size: bytes.length,
      md5: createHash('md5').update(bytes).digest('hex'),
    });
  });

  it('reports the displayed size of an EXIF-rotated JPEG', async () => {
    const facts = await inspectImage(await makeJpegWithOrientation(300, 100, 6));
    expect(facts).toMatchObject({ width: 100, height: 300 });
  });

  it('reads the first frame of an animated GIF', async () => {
    const frames = await Promise.all(
      ['red', 'blue'].map((background) =>
        sharp({ create: { width: 40, height: 30, channels: 4, background } }).png().toBuffer(),
      ),
    );
    const animated = await sharp(frames, { join: { animated: true } }).gif().toBuffer();
    expect(await inspectImage(animated)).toMatchObject({ format: 'gif', width: 40, height: 30 });
  });

  it.each([
    ['text', Buffer.from('not an image at all, despite the name photo.jpg')],
    ['HTML', Buffer.from('<html><script>alert(1)</script></html>')],
    ['PDF', Buffer.from('%PDF-1.4\n%âãÏÓ\n')],
  ])('refuses %s with 415', async (_name, bytes) => {
    const error = await refusal(bytes);
    expect(error.kind).toBe('unsupported-media');
    expect(error.message).toBe('The file is not a JPEG, PNG, WebP or GIF image.');
  });

  it('refuses a truncated JPEG with 415, though its header is intact', async () => {
    const whole = await makeImage('jpeg', 400, 300);
    const error = await refusal(whole.subarray(0, Math.floor(whole.length / 2)));
    expect(error.kind).toBe('unsupported-media');
    expect(error.message).toBe('The image file is incomplete: its pixel data ends before the size its header declares.');
  });

  it('refuses image magic followed by garbage with 415', async () => {
    const error = await refusal(Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(64, 7)]));
    expect(error.kind).toBe('unsupported-media');
  });

  it('refuses a file over the limit with 413 before looking inside', async () => {
    const bytes = await makeImage('png', 40, 30);
    const error = await refusal(bytes, { maxBytes: bytes.length - 1 });
    expect(error.kind).toBe('too-large');
    expect(error.message).toBe(`The file is larger than ${bytes.length - 1} bytes.`);
  });

  it('refuses more than 25 MiB by default', async () => {
    const error = await refusal(Buffer.alloc(MAX_MEDIA_BYTES + 1));
    expect(error.kind).toBe('too-large');
    expect(error.message).toBe('The file is larger than 25 MiB.');
  });

  it.each([
    ['a PNG of 30000×30000, which the decoder itself refuses', async () => withPngSize(await makeImage('png', 4, 4), 30_000, 30_000)],
    ['a PNG of 1×200000000', async () => withPngSize(await makeImage('png', 4, 4), 1, 200_000_000)],
    ['a JPEG of 65000×65000', async () => withJpegSize(await makeImage('jpeg', 8, 8), 65_000, 65_000)],
    ['a WebP of 16383×16383', async () => withWebpSize(await makeImage('webp', 8, 8), 16_383, 16_383)],
    ['a GIF whose screen is 65535×65535', async () => withGifScreen(await makeImage('gif', 4, 4), 65_535, 65_535)],
  ])('refuses %s with 413 from its header, never 415', async (_name, make) => {
    const error = await refusal(await make());
    expect(error.kind).toBe('too-large');
    expect(error.message).toBe('The image has more than 100 megapixels.');
  });

  it('refuses an image of too many pixels with 413', async () => {
    // A tiny PNG whose header claims 12000×12000: 144 megapixels if it were decoded.
    const png = Buffer.from(await makeImage('png', 4, 4));
    png.writeUInt32BE(12_000, 16);
    png.writeUInt32BE(12_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    const error = await refusal(png);
    expect(error.kind).toBe('too-large');
    expect(error.message).toBe('The image has more than 100 megapixels.');
  });
});

function withPngSize(image: Buffer, width: number, height: number): Buffer {
  const png = Buffer.from(image);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

function withJpegSize(image: Buffer, width: number, height: number): Buffer {
  const jpeg = Buffer.from(image);
  const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(height, frame + 5);
  jpeg.writeUInt16BE(width, frame + 7);
  return jpeg;
}

function withWebpSize(image: Buffer, width: number, height: number): Buffer {
  const webp = Buffer.from(image);
  expect(webp.toString('latin1', 12, 16)).toBe('VP8 ');
  webp.writeUInt16LE(width, 26);
  webp.writeUInt16LE(height, 28);
  return webp;
}

function withGifScreen(image: Buffer, width: number, height: number): Buffer {
  const gif = Buffer.from(image);
  gif.writeUInt16LE(width, 6);
  gif.writeUInt16LE(height, 8);
  return gif;
}

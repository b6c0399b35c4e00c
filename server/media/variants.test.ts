import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeImage, makeJpegWithOrientation } from './test-images';
import { makeVariants } from './variants';

async function describeVariants(bytes: Buffer, widths?: number[]) {
  const variants = await makeVariants(bytes, { widths });
  return Promise.all(
    variants.map(async (variant) => {
      const { format, width, height } = await sharp(variant.bytes).metadata();
      return { declaredWidth: variant.width, format, width, height };
    }),
  );
}

describe('makeVariants', () => {
  it('makes WebP copies at 256, 1024 and 2048 for an image wider than all of them', async () => {
    expect(await describeVariants(await makeImage('jpeg', 3000, 2000))).toEqual([
      { declaredWidth: 256, format: 'webp', width: 256, height: 171 },
      { declaredWidth: 1024, format: 'webp', width: 1024, height: 683 },
      { declaredWidth: 2048, format: 'webp', width: 2048, height: 1365 },
    ]);
  });

  it('makes only the widths smaller than the original', async () => {
    expect((await describeVariants(await makeImage('png', 1024, 512))).map((v) => v.width)).toEqual([256]);
    expect(await describeVariants(await makeImage('gif', 256, 100))).toEqual([]);
  });

  it('takes other widths, in any order and repeated', async () => {
    const variants = await describeVariants(await makeImage('webp', 500, 500), [400, 100, 400, 800]);
    expect(variants.map((v) => [v.width, v.height])).toEqual([[100, 100], [400, 400]]);
  });

  it('turns an EXIF-rotated photo upright', async () => {
    const variants = await describeVariants(await makeJpegWithOrientation(1200, 400, 6));
    expect(variants.map((v) => [v.width, v.height])).toEqual([[256, 768]]);
  });

  it('keeps transparency and colour of a translucent image', async () => {
    const translucent = await sharp({
      create: { width: 600, height: 300, channels: 4, background: { r: 100, g: 60, b: 20, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const [variant] = await makeVariants(translucent);
    const { data } = await sharp(variant?.bytes).raw().toBuffer({ resolveWithObject: true });
    const [r = 0, g = 0, b = 0, alpha = 0] = data.subarray(0, 4);
    for (const [actual, expected] of [[r, 100], [g, 60], [b, 20], [alpha, 128]] as const) {
      expect(Math.abs(actual - expected)).toBeLessThan(6);
    }
  });
});

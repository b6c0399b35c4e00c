import sharp from 'sharp';
import { openImage, runImageWork, type PlanAllowance } from './open-image';

const VARIANT_WIDTHS = [256, 1024, 2048] as const;

export interface ImageVariant {
  width: number;
  bytes: Buffer;
}

/** Effort 2 of 6 encodes about twice as fast as the default 4, for files only a few percent larger. */
const WEBP_OPTIONS = { quality: 80, effort: 2 };

/**
 * Upright WebP copies of an image at each requested width below its displayed width, smallest first.
 * The original is decoded once, straight to the largest width needed; the smaller ones come from those pixels.
 */
export async function makeVariants(
  bytes: Buffer,
  { widths = VARIANT_WIDTHS, ...allowance }: { widths?: readonly number[] } & PlanAllowance = {},
): Promise<ImageVariant[]> {
  return runImageWork(async () => {
    const { autoOrient } = await openImage(bytes, allowance).metadata();
    const wanted = [...new Set(widths)].filter((width) => width < autoOrient.width).sort((a, b) => a - b);
    const largest = wanted.at(-1);
    if (largest === undefined) return [];

    const { data, info } = await openImage(bytes, allowance)
      .resize({ width: largest })
      .raw()
      .toBuffer({ resolveWithObject: true });
    // Raw output holds straight (not premultiplied) alpha, whatever `info.premultiplied` says about the pipeline.
    const raw = { width: info.width, height: info.height, channels: info.channels };

    return Promise.all(
      wanted.map(async (width) => ({
        width,
        bytes: await sharp(data, { raw }).resize({ width }).webp(WEBP_OPTIONS).toBuffer(),
      })),
    );
  });
}

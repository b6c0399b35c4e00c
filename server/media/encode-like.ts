import type { Sharp } from 'sharp';

/** JPEG stays JPEG (at a quality that keeps the detail a model downstream looks at); anything else becomes PNG. */
const JPEG_QUALITY = 92;

/** An image cut from a source, encoded in the source's format when that is JPEG, else as PNG. */
export async function encodeLikeSource(image: Sharp, sourceFormat: string | undefined): Promise<{ image: Buffer; extension: 'jpg' | 'png' }> {
  if (sourceFormat === 'jpeg') return { image: await image.jpeg({ quality: JPEG_QUALITY }).toBuffer(), extension: 'jpg' };
  return { image: await image.png().toBuffer(), extension: 'png' };
}

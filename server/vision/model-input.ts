import sharp from 'sharp';
import type { BoxCoords, Focus } from '../../src/api/types';
import { MAX_MEDIA_PIXELS, runImageWork } from '../media/open-image';
import { clampBox } from './models/media-box';

/**
 * A square model input: the image (or its focus region, `frame` in media pixels) stretched to `placement` (in input
 * pixels: the whole square, or its middle with a black border around) of size × size RGB bytes.
 */
export interface SquareInput {
  frame: BoxCoords;
  placement: BoxCoords;
  pixels: Uint8Array;
}

async function decodeSquare(image: Buffer, focus: Focus | null | undefined, size: number, border: number): Promise<SquareInput> {
  const metadata = await sharp(image, { limitInputPixels: MAX_MEDIA_PIXELS }).metadata();
  const frame = focus ? clampBox(focus.box, metadata.width, metadata.height) : { x0: 0, y0: 0, x1: metadata.width, y1: metadata.height };
  const inner = size - 2 * border;
  const pixels = await sharp(image, { limitInputPixels: MAX_MEDIA_PIXELS })
    .extract({ left: frame.x0, top: frame.y0, width: frame.x1 - frame.x0, height: frame.y1 - frame.y0 })
    .removeAlpha()
    .toColourspace('srgb')
    .resize(inner, inner, { fit: 'fill' })
    .extend({ top: border, bottom: border, left: border, right: border, background: { r: 0, g: 0, b: 0 } })
    .raw()
    .toBuffer();
  return { frame, placement: { x0: border, y0: border, x1: border + inner, y1: border + inner }, pixels: new Uint8Array(pixels) };
}

/**
 * The image (or its focus region) as a model's square RGB input, decoded under the service's bound on image work;
 * `border` input pixels of black on every side, none by default.
 */
export const squareInput = (image: Buffer, focus: Focus | null | undefined, size: number, border = 0): Promise<SquareInput> =>
  runImageWork(() => decodeSquare(image, focus, size, border));

import sharp from 'sharp';
import type { BoxCoords, Focus } from '../../src/api/types';
import { MAX_MEDIA_PIXELS, runImageWork } from '../media/open-image';
import { clampBox } from './models/media-box';

/** A square model input: the image (or its focus region, `frame` in media pixels) stretched to size × size RGB bytes. */
export interface SquareInput {
  frame: BoxCoords;
  pixels: Uint8Array;
}

async function decodeSquare(image: Buffer, focus: Focus | null | undefined, size: number): Promise<SquareInput> {
  const metadata = await sharp(image, { limitInputPixels: MAX_MEDIA_PIXELS }).metadata();
  const frame = focus ? clampBox(focus.box, metadata.width, metadata.height) : { x0: 0, y0: 0, x1: metadata.width, y1: metadata.height };
  const pixels = await sharp(image, { limitInputPixels: MAX_MEDIA_PIXELS })
    .extract({ left: frame.x0, top: frame.y0, width: frame.x1 - frame.x0, height: frame.y1 - frame.y0 })
    .removeAlpha()
    .toColourspace('srgb')
    .resize(size, size, { fit: 'fill' })
    .raw()
    .toBuffer();
  return { frame, pixels: new Uint8Array(pixels) };
}

/** The image (or its focus region) as a model's square RGB input, decoded under the service's bound on image work. */
export const squareInput = (image: Buffer, focus: Focus | null | undefined, size: number): Promise<SquareInput> =>
  runImageWork(() => decodeSquare(image, focus, size));

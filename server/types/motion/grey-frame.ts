import { openImage, runImageWork } from '../../media/open-image';

/** Motion is looked for at most this many pixels across; boxes are mapped back to media pixels. */
const ANALYSIS_WIDTH = 320;
/** Blurred before comparing, so that sensor noise and compression blocks do not read as motion. */
const BLUR_SIGMA = 1.2;

/** A frame decoded for motion: blurred grey pixels, row by row, and the media size they map back to. */
export interface GreyFrame {
  width: number;
  height: number;
  pixels: Uint8Array;
  mediaWidth: number;
  mediaHeight: number;
}

/** Decodes a frame of a media item of this size (upright, as the service stores its width and height). */
export async function decodeGreyFrame(bytes: Buffer, mediaWidth: number, mediaHeight: number): Promise<GreyFrame> {
  const width = Math.min(ANALYSIS_WIDTH, mediaWidth);
  const height = Math.max(1, Math.round((mediaHeight * width) / mediaWidth));
  const { data, info } = await runImageWork(() =>
    openImage(bytes).resize(width, height, { fit: 'fill' }).greyscale().blur(BLUR_SIGMA).raw().toBuffer({ resolveWithObject: true }),
  );
  return { width: info.width, height: info.height, pixels: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height), mediaWidth, mediaHeight };
}

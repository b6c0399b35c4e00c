import { z } from '../zod';
import type { BoxCoords } from '../primitives';
import type { TypeManifest } from './manifest';

/** A crop coordinate is a whole number of pixels of at most this size either way (media are at most 100 megapixels). */
export const CROP_COORDINATE_MAX = 100_000;

const COORDINATE_MESSAGE = `Use a whole number of pixels from -${CROP_COORDINATE_MAX.toLocaleString('en')} to ${CROP_COORDINATE_MAX.toLocaleString('en')}.`;
const coordinate = z
  .number(COORDINATE_MESSAGE)
  .check(z.int(COORDINATE_MESSAGE), z.gte(-CROP_COORDINATE_MAX, COORDINATE_MESSAGE), z.lte(CROP_COORDINATE_MAX, COORDINATE_MESSAGE));

type Axis = 'x' | 'y';

/**
 * Where a coordinate lands on a side of `size` pixels. A positive x0 is the first column kept and a positive x1 the
 * first column left out (as in a focus box); a negative number counts pixels from the right (bottom) edge, -1 being
 * the right-most (bottom) pixel, so an x1 of -1 keeps everything up to the edge and an x0 of -100 the last 100 columns.
 */
const startOf = (value: number, size: number) => (value < 0 ? size + value : value);
const endOf = (value: number, size: number) => (value < 0 ? size + value + 1 : value);

/** An empty crop that no image size can mend: both ends counted from the same edge in the wrong order, or an end of 0. */
function emptyWhatever(start: number, end: number): boolean {
  if (end === 0) return true;
  if (start >= 0 && end > 0) return end <= start;
  if (start < 0 && end < 0) return end < start;
  return false;
}

const emptyMessage = (axis: Axis) =>
  `The crop is empty: ${axis}1 must lie beyond ${axis}0 (a positive ${axis}1 is the first pixel left out; a negative one counts from the ${axis === 'x' ? 'right' : 'bottom'} edge, -1 being the last pixel).`;

/**
 * The `custom_fields` of a static_crop application (docs/api.md): the box cut out of every input image, in media
 * pixels; a negative number counts from the right or bottom edge (-1: the right-most or bottom pixel). Missing
 * coordinates are the whole image (0, 0, -1, -1). A crop that is empty whatever the image size is refused here; one
 * that only some images cannot hold is known when an image comes (`cropBoxIn`).
 */
export const staticCropSettings = z
  .object({ x0: z._default(coordinate, 0), y0: z._default(coordinate, 0), x1: z._default(coordinate, -1), y1: z._default(coordinate, -1) })
  .check(
    z.superRefine((crop, context) => {
      for (const axis of ['x', 'y'] as const) {
        if (emptyWhatever(crop[`${axis}0`], crop[`${axis}1`])) context.addIssue({ code: 'custom', message: emptyMessage(axis), path: [`${axis}1`] });
      }
    }),
  );
export type StaticCropSettings = z.output<typeof staticCropSettings>;

/** The crop in the pixels of an image of this size, or why this image cannot give it. */
export function cropBoxIn(crop: StaticCropSettings, width: number, height: number): { box: BoxCoords } | { problem: string } {
  const box = { x0: startOf(crop.x0, width), y0: startOf(crop.y0, height), x1: endOf(crop.x1, width), y1: endOf(crop.y1, height) };
  const asGiven = `x0 ${crop.x0}, y0 ${crop.y0}, x1 ${crop.x1}, y1 ${crop.y1}`;
  if (box.x0 < 0 || box.y0 < 0 || box.x1 > width || box.y1 > height) return { problem: `The crop (${asGiven}) reaches outside the ${width}×${height} image.` };
  if (box.x1 <= box.x0 || box.y1 <= box.y0) return { problem: `The crop (${asGiven}) is empty in the ${width}×${height} image.` };
  return { box };
}

/** static_crop's manifest: a pipeline step that cuts the same box out of every image. */
export const staticCropManifest = { kind: 'pipeline', settings: staticCropSettings } as const satisfies TypeManifest;

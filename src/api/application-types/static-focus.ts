import { z } from '../zod';
import type { BoxCoords } from '../primitives';
import type { TypeManifest } from './manifest';

/** A focus coordinate is a whole number of pixels from 0 to this (media are at most 100 megapixels, plans 200). */
export const FOCUS_COORDINATE_MAX = 100_000;

const COORDINATE_MESSAGE = `Use a whole number of pixels from 0 to ${FOCUS_COORDINATE_MAX.toLocaleString('en')}.`;
const coordinate = (fallback: number) =>
  z._default(z.number(COORDINATE_MESSAGE).check(z.int(COORDINATE_MESSAGE), z.gte(0, COORDINATE_MESSAGE), z.lte(FOCUS_COORDINATE_MAX, COORDINATE_MESSAGE)), fallback);
const SWITCH_MESSAGE = 'Use 0 (the box is cut at the edge) or 1 (the box keeps its size and moves inside).';

/**
 * The `custom_fields` of a static_focus application (docs/api.md): the focus box in media pixels (x1 and y1 the first
 * column and row left out, as in every focus), and `constant_focus_box_size` (0 or 1). Missing coordinates are the
 * whole media (0, 0 and the largest coordinate, which every media's edge clamps).
 */
export const staticFocusSettings = z
  .object({
    x0: coordinate(0),
    y0: coordinate(0),
    x1: coordinate(FOCUS_COORDINATE_MAX),
    y1: coordinate(FOCUS_COORDINATE_MAX),
    constant_focus_box_size: z._default(z.union([z.literal(0), z.literal(1)], SWITCH_MESSAGE), 0),
  })
  .check(
    z.superRefine((focus, context) => {
      for (const axis of ['x', 'y'] as const) {
        if (focus[`${axis}1`] <= focus[`${axis}0`]) context.addIssue({ code: 'custom', message: `${axis}1 must be greater than ${axis}0.`, path: [`${axis}1`] });
      }
    }),
  );
export type StaticFocusSettings = z.output<typeof staticFocusSettings>;

/**
 * One side of the box on a side of `size` pixels. A coordinate beyond the limit is set to the limit; with a constant
 * size the box instead moves back inside by what its far end overshoots (and is cut only when it is larger than the
 * media), so its near end moves too.
 */
function placeSide(start: number, end: number, size: number, constantSize: boolean): [number, number] {
  if (!constantSize) return [Math.min(start, size), Math.min(end, size)];
  const overshoot = Math.max(0, end - size);
  return [Math.max(0, start - overshoot), end - overshoot];
}

/**
 * The focus box of the settings on media of this size, by the interface's rules: a coordinate beyond the limit is
 * set to the limit (or, with `constant_focus_box_size` 1, the box keeps its size and moves inside); when every
 * coordinate is beyond its limit there is no focus (null). Nor is there one when clamping leaves the box empty (x0
 * or y0 beyond its limit without a constant size): a focus box has an area.
 */
export function staticFocusBoxIn(focus: StaticFocusSettings, width: number, height: number): BoxCoords | null {
  if (focus.x0 >= width && focus.x1 > width && focus.y0 >= height && focus.y1 > height) return null;
  const constantSize = focus.constant_focus_box_size === 1;
  const [x0, x1] = placeSide(focus.x0, focus.x1, width, constantSize);
  const [y0, y1] = placeSide(focus.y0, focus.y1, height, constantSize);
  return x1 > x0 && y1 > y0 ? { x0, y0, x1, y1 } : null;
}

/** static_focus's manifest: a pipeline step by special arrangement that passes each item on with a fixed focus. */
export const staticFocusManifest = { kind: 'pipeline', settings: staticFocusSettings, special: true } as const satisfies TypeManifest;

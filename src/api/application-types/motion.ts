import { z } from '../zod';
import type { TypeManifest } from './manifest';

/** How readily a change of brightness counts as motion, from 0 (only stark changes) to 1 (faint ones too). */
export const MOTION_SENSITIVITY = { min: 0, max: 1, default: 0.6 } as const;
/** The smallest moving region that gets a box, in media pixels. */
export const MOTION_MIN_AREA = { min: 1, max: 10_000_000, default: 80 } as const;

const SENSITIVITY_MESSAGE = `Use a number from ${MOTION_SENSITIVITY.min} to ${MOTION_SENSITIVITY.max}.`;
const MIN_AREA_MESSAGE = `Use a whole number of pixels from ${MOTION_MIN_AREA.min} to ${MOTION_MIN_AREA.max.toLocaleString('en')}.`;

/**
 * The `custom_fields` of a motion application (docs/models.md): `sensitivity` 0..1 and `min_area`, the smallest moving
 * region boxed, in media pixels. Missing settings take their defaults; other keys of custom_fields are left alone.
 */
export const motionSettings = z.object({
  sensitivity: z._default(
    z.number(SENSITIVITY_MESSAGE).check(z.gte(MOTION_SENSITIVITY.min, SENSITIVITY_MESSAGE), z.lte(MOTION_SENSITIVITY.max, SENSITIVITY_MESSAGE)),
    MOTION_SENSITIVITY.default,
  ),
  min_area: z._default(
    z
      .number(MIN_AREA_MESSAGE)
      .check(z.int(MIN_AREA_MESSAGE), z.gte(MOTION_MIN_AREA.min, MIN_AREA_MESSAGE), z.lte(MOTION_MIN_AREA.max, MIN_AREA_MESSAGE)),
    MOTION_MIN_AREA.default,
  ),
});
export type MotionSettings = z.output<typeof motionSettings>;

/** motion's manifest: it compares a frame with the ones before it. */
export const motionManifest = { kind: 'frame_comparison', settings: motionSettings } as const satisfies TypeManifest;

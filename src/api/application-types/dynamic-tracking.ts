import { z } from '../zod';
import type { TypeManifest } from './manifest';

/** A dynamic_tracking application's settings: their ranges and defaults. */
export const TRACKING_MISSED_FRAMES = { min: 0, max: 100, default: 5 } as const;
export const TRACKING_MIN_IOU = { min: 0.01, max: 1, default: 0.2 } as const;

const MISSED_MESSAGE = `Use a whole number of frames from ${TRACKING_MISSED_FRAMES.min} to ${TRACKING_MISSED_FRAMES.max}.`;
const IOU_MESSAGE = `Use a number from ${TRACKING_MIN_IOU.min} to ${TRACKING_MIN_IOU.max}.`;

/**
 * The `custom_fields` of a dynamic_tracking application (docs/models.md): a track ends after `max_missed_frames`
 * frames of its video without a matching box, and a box continues a track when it overlaps the track's predicted box
 * by at least `min_iou`. Other keys of custom_fields are left alone.
 */
export const trackingSettingsSchema = z.object({
  max_missed_frames: z._default(
    z
      .number(MISSED_MESSAGE)
      .check(z.int(MISSED_MESSAGE), z.gte(TRACKING_MISSED_FRAMES.min, MISSED_MESSAGE), z.lte(TRACKING_MISSED_FRAMES.max, MISSED_MESSAGE)),
    TRACKING_MISSED_FRAMES.default,
  ),
  min_iou: z._default(
    z.number(IOU_MESSAGE).check(z.gte(TRACKING_MIN_IOU.min, IOU_MESSAGE), z.lte(TRACKING_MIN_IOU.max, IOU_MESSAGE)),
    TRACKING_MIN_IOU.default,
  ),
});
export type TrackingSettings = z.output<typeof trackingSettingsSchema>;

/** dynamic_tracking's manifest: a sequence type by special arrangement that follows the boxes upstream across frames. */
export const dynamicTrackingManifest = { kind: 'sequence', settings: trackingSettingsSchema, special: true } as const satisfies TypeManifest;

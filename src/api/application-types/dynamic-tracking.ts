import { z } from '../zod';
import { closedObject, pixel } from './marks';


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

const box = closedObject({ x0: pixel, y0: pixel, x1: pixel, y1: pixel }, 'A box');

/**
 * One object a dynamic_tracking application follows, as it is on one frame: its track id (1, 2, … within one video,
 * never reused), its box, the probability the detector gave that box, and the input subject it is a box of.
 */
const trackedBoxSchema = closedObject(
  { track_id: z.number().check(z.int(), z.gte(1)), box, probability: z.number().check(z.gte(0), z.lte(1)), subject_uid: z.string() },
  'A tracked box',
);
export type TrackedBox = z.infer<typeof trackedBoxSchema>;

/** The app_data of a dynamic_tracking assertion (app_data_type `track_set`): the tracked objects seen on the frame. */
export const trackSetSchema = z.array(trackedBoxSchema);

import { TRACKING_MIN_IOU, TRACKING_MISSED_FRAMES, trackingSettingsSchema } from '../../../../api/application-types/dynamic-tracking';
import { numberSettings } from './number-settings-form';

/** dynamic_tracking: how long a track waits for its object, and how much a box must overlap it. */
export const dynamicTracking = numberSettings({
  legend: 'Tracking',
  schema: trackingSettingsSchema,
  fields: [
    {
      key: 'max_missed_frames',
      label: 'Frames a track waits for its object',
      unit: 'frames',
      min: TRACKING_MISSED_FRAMES.min,
      max: TRACKING_MISSED_FRAMES.max,
      step: 1,
      hint: 'A track whose object is not seen for more frames than this ends; a box seen later gets a new id.',
    },
    {
      key: 'min_iou',
      label: 'Least overlap to continue a track',
      unit: 'IoU',
      min: TRACKING_MIN_IOU.min,
      max: TRACKING_MIN_IOU.max,
      step: 0.01,
      hint: 'The overlap of a box with where the track was heading: lower follows fast objects, higher keeps close ones apart.',
    },
  ],
});

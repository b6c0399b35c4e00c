import type { BoxRegion } from '../../../src/api/application-types/answer';
import { trackingSettingsSchema } from '../../../src/api/application-types/dynamic-tracking';
import { trackSetSchema, type TrackedBox } from '../../../src/api/application-types/sequence-data';
import { ACCEPT_PROBABILITY } from '../../../src/api/presence';
import type { SequenceFrame, SequenceModule } from '../sequence-module';
import { Tracker, type FrameBox } from './tracker';

/** The boxes of a frame that count as objects (the detector's doubtful boxes, kept for labellers, start no track). */
const objectsOn = (frame: SequenceFrame): FrameBox[] =>
  frame.upstream.flatMap(({ subject_uid, app_data }) =>
    ((app_data ?? []) as BoxRegion[])
      .map(({ box, probability }) => ({ box, probability: probability ?? 1, subject_uid }))
      .filter((found) => found.probability >= ACCEPT_PROBABILITY),
  );

/**
 * dynamic_tracking: follows the boxes of its upstream box_detection application through the frames of each video
 * (docs/models.md) and asserts each frame's boxes with their track ids (`track_set`).
 */
export const dynamicTracking: SequenceModule = {
  type: 'dynamic_tracking',
  reads: 'box_set',
  writes: trackSetSchema,
  analyse(frames, customFields) {
    const tracker = new Tracker(trackingSettingsSchema.parse(customFields));
    let tracked: TrackedBox[] = [];
    for (const frame of frames) tracked = tracker.step(objectsOn(frame));
    return { app_data_type: 'track_set', app_data: tracked, probability: tracked.length > 0 ? 1 : 0 };
  },
};

import { z } from '../zod';
import { SEGMENTATION_EVERY_NTH_FRAME_MAX, SEGMENTATION_FRAMES, SEGMENTATION_FRAMES_PER_SECOND } from '../limits';
import type { TypeManifest } from './manifest';

const RATE_MESSAGE = `Use a number from ${SEGMENTATION_FRAMES_PER_SECOND.min} to ${SEGMENTATION_FRAMES_PER_SECOND.max}.`;
const NTH_MESSAGE = `Use a whole number from 1 to ${SEGMENTATION_EVERY_NTH_FRAME_MAX.toLocaleString('en')}.`;
const MAX_FRAMES_MESSAGE = `Use a whole number from ${SEGMENTATION_FRAMES.min} to ${SEGMENTATION_FRAMES.max.toLocaleString('en')}.`;

/**
 * The `custom_fields` of a video_segmentation application (docs/models.md): which frames of each video become media
 * of their own. `frames_per_second` takes the first frame at or after every 1/rate seconds; `every_nth_frame` takes
 * frames 0, n, 2n, …; at most one of the two (neither: 1 frame per second). `max_frames` caps the frames of one video.
 * Other keys of custom_fields are left alone.
 */
export const videoSegmentationSettings = z
  .object({
    frames_per_second: z.optional(
      z.number(RATE_MESSAGE).check(z.gte(SEGMENTATION_FRAMES_PER_SECOND.min, RATE_MESSAGE), z.lte(SEGMENTATION_FRAMES_PER_SECOND.max, RATE_MESSAGE)),
    ),
    every_nth_frame: z.optional(
      z.number(NTH_MESSAGE).check(z.int(NTH_MESSAGE), z.gte(1, NTH_MESSAGE), z.lte(SEGMENTATION_EVERY_NTH_FRAME_MAX, NTH_MESSAGE)),
    ),
    max_frames: z._default(
      z
        .number(MAX_FRAMES_MESSAGE)
        .check(z.int(MAX_FRAMES_MESSAGE), z.gte(SEGMENTATION_FRAMES.min, MAX_FRAMES_MESSAGE), z.lte(SEGMENTATION_FRAMES.max, MAX_FRAMES_MESSAGE)),
      SEGMENTATION_FRAMES.default,
    ),
  })
  .check(
    z.refine((settings) => settings.frames_per_second === undefined || settings.every_nth_frame === undefined, {
      message: 'Set frames_per_second or every_nth_frame, not both.',
      path: ['every_nth_frame'],
    }),
  );
export type VideoSegmentationSettings = z.output<typeof videoSegmentationSettings>;

/** Which frames to take: at a rate, or every n-th. */
export type FrameSampling = { framesPerSecond: number } | { everyNthFrame: number };

export function frameSamplingOf(settings: VideoSegmentationSettings): FrameSampling {
  if (settings.every_nth_frame !== undefined) return { everyNthFrame: settings.every_nth_frame };
  return { framesPerSecond: settings.frames_per_second ?? SEGMENTATION_FRAMES_PER_SECOND.default };
}

/** video_segmentation's manifest: a pipeline step that takes each video apart into frames. */
export const videoSegmentationManifest = { kind: 'pipeline', settings: videoSegmentationSettings } as const satisfies TypeManifest;

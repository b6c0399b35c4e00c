// The app_data the sequence types assert (track_set, line_counts): declared below the type manifests, as ./answer.ts
// is, so that what an assertion holds is known without importing a manifest.
import { z } from '../zod';
import { closedObject, pixel } from './marks';

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

const count = z.number().check(z.int(), z.gte(0));

/**
 * One line's tally on a frame (app_data_type `line_counts`, a list of these): tracks that crossed from side A to B
 * and from B to A in the video up to and including this frame, and the track ids that crossed on this frame.
 */
const lineCountSchema = closedObject(
  {
    line: z.string(),
    a_to_b: count,
    b_to_a: count,
    crossed_now: z.array(closedObject({ track_id: z.number().check(z.int(), z.gte(1)), direction: z.enum(['a_to_b', 'b_to_a']) }, 'A crossing')),
  },
  'A line count',
);
export type LineCount = z.infer<typeof lineCountSchema>;
export type CrossingDirection = LineCount['crossed_now'][number]['direction'];

export const lineCountsSchema = z.array(lineCountSchema);

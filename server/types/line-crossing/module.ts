import { lineCrossingSettingsSchema } from '../../../src/api/application-types/line-crossing';
import { lineCountsSchema, trackSetSchema, type LineCount, type TrackedBox } from '../../../src/api/application-types/sequence-data';
import type { SequenceFrame, SequenceModule } from '../sequence-module';
import { CrossingCounter } from './crossing-counter';

/** The frame's tracks, once each: a tracking application asserts the same tracks for each of its output subjects. */
function tracksOn(frame: SequenceFrame): TrackedBox[] {
  const byId = new Map<number, TrackedBox>();
  for (const { app_data } of frame.upstream) for (const track of trackSetSchema.parse(app_data ?? [])) byId.set(track.track_id, track);
  return [...byId.values()];
}

/**
 * line_crossing: counts the tracks of its upstream dynamic_tracking application crossing each of its lines, per
 * direction, through the frames of each video (docs/models.md), and asserts the counts so far on each frame
 * (`line_counts`); probability 1 on a frame where a track crossed.
 */
export const lineCrossing: SequenceModule = {
  type: 'line_crossing',
  reads: 'track_set',
  writes: lineCountsSchema,
  analyse(frames, customFields) {
    const counter = new CrossingCounter(lineCrossingSettingsSchema.parse(customFields).lines);
    let counts: LineCount[] = [];
    for (const frame of frames) counts = counter.step(tracksOn(frame));
    return { app_data_type: 'line_counts', app_data: counts, probability: counts.some((count) => count.crossed_now.length > 0) ? 1 : 0 };
  },
};

import { describe, expect, it } from 'vitest';
import type { BoxCoords } from '../../../src/api/types';
import { Tracker, type FrameBox } from './tracker';

const SETTINGS = { max_missed_frames: 5, min_iou: 0.2 };

/** A 30 × 60 box whose left edge is at x and top at y. */
const boxAt = (x: number, y: number): BoxCoords => ({ x0: x, y0: y, x1: x + 30, y1: y + 60 });
const person = (box: BoxCoords): FrameBox => ({ box, probability: 0.9, subject_uid: 'people' });

/** Runs the frames through one tracker; each frame's track ids in the order of its boxes. */
function trackIds(frames: FrameBox[][], settings = SETTINGS): number[][] {
  const tracker = new Tracker(settings);
  return frames.map((boxes) => tracker.step(boxes).map((tracked) => tracked.track_id));
}

describe('the tracker', () => {
  it('keeps the ids of two walkers who pass each other, one a little in front of the other', () => {
    const frames = Array.from({ length: 21 }, (_, frame) => [person(boxAt(10 * frame, 100)), person(boxAt(200 - 10 * frame, 110))]);
    const ids = trackIds(frames);
    expect(new Set(ids.map(([left]) => left))).toEqual(new Set([1]));
    expect(new Set(ids.map(([, right]) => right))).toEqual(new Set([2]));
  });

  it('keeps an id through an occlusion shorter than max_missed_frames, where the walker reappears past its old box', () => {
    const walker = (frame: number) => [person(boxAt(10 * frame, 100))];
    // Hidden on frames 3 to 6: it comes back 50 px on, beyond its last box, where its velocity puts it.
    const frames = Array.from({ length: 10 }, (_, frame) => (frame >= 3 && frame <= 6 ? [] : walker(frame)));
    expect(trackIds(frames).flat()).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('starts a new id when the occlusion lasted longer than max_missed_frames', () => {
    const frames = [[person(boxAt(0, 0))], [], [], [], [person(boxAt(0, 0))]];
    expect(trackIds(frames, { max_missed_frames: 2, min_iou: 0.2 }).flat()).toEqual([1, 2]);
    expect(trackIds(frames, { max_missed_frames: 3, min_iou: 0.2 }).flat()).toEqual([1, 1]);
  });

  it('gives a new id to a box that overlaps no track by min_iou, and never reuses an id', () => {
    const frames = [[person(boxAt(0, 0))], [person(boxAt(0, 0)), person(boxAt(200, 0))], [person(boxAt(100, 100))]];
    expect(trackIds(frames, { max_missed_frames: 0, min_iou: 0.5 })).toEqual([[1], [1, 2], [3]]);
  });

  it('matches boxes only to tracks of the same subject', () => {
    const tracker = new Tracker(SETTINGS);
    tracker.step([person(boxAt(0, 0))]);
    const [car] = tracker.step([{ box: boxAt(0, 0), probability: 0.8, subject_uid: 'cars' }]);
    expect(car).toEqual({ track_id: 2, box: boxAt(0, 0), probability: 0.8, subject_uid: 'cars' });
  });
});

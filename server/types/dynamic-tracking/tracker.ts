import { intersectionOverUnion } from '../../../src/api/application-types/box-detection';
import type { TrackingSettings } from '../../../src/api/application-types/dynamic-tracking';
import type { TrackedBox } from '../../../src/api/application-types/sequence-data';
import type { BoxCoords } from '../../../src/api/types';

/** A box the detector found on a frame, of one input subject. */
export interface FrameBox {
  box: BoxCoords;
  probability: number;
  subject_uid: string;
}

/** Pixels per frame the box's edges move by: the motion model's state. */
interface Velocity {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

interface Track {
  id: number;
  subject_uid: string;
  box: BoxCoords;
  velocity: Velocity;
  /** Frames in a row without a matching box. */
  missed: number;
}

const STILL: Velocity = { x0: 0, y0: 0, x1: 0, y1: 0 };
const EDGES = ['x0', 'y0', 'x1', 'y1'] as const;
/** How much of a new displacement enters the velocity: smooths the detector's jitter, still follows a turn. */
const VELOCITY_GAIN = 0.5;

/** Where the track's box should be after `frames` more frames, moving as it has been (constant velocity). */
const predictedBox = (track: Track, frames: number): BoxCoords => ({
  x0: track.box.x0 + track.velocity.x0 * frames,
  y0: track.box.y0 + track.velocity.y0 * frames,
  x1: track.box.x1 + track.velocity.x1 * frames,
  y1: track.box.y1 + track.velocity.y1 * frames,
});

/**
 * Pairs of (track, box) overlapping by at least `minIou`, best overlap first, each track and box at most once
 * (greedy matching, as COCO's evaluation and SORT-like trackers do when objects are few and apart).
 */
function matchGreedily(predicted: readonly (BoxCoords & { subject_uid: string })[], boxes: readonly FrameBox[], minIou: number): [number, number][] {
  const pairs: { track: number; box: number; iou: number }[] = [];
  predicted.forEach((prediction, track) =>
    boxes.forEach((candidate, box) => {
      if (candidate.subject_uid !== prediction.subject_uid) return;
      const iou = intersectionOverUnion(prediction, candidate.box);
      if (iou >= minIou) pairs.push({ track, box, iou });
    }),
  );
  pairs.sort((a, b) => b.iou - a.iou);
  const usedTracks = new Set<number>();
  const usedBoxes = new Set<number>();
  const matches: [number, number][] = [];
  for (const { track, box } of pairs) {
    if (usedTracks.has(track) || usedBoxes.has(box)) continue;
    usedTracks.add(track);
    usedBoxes.add(box);
    matches.push([track, box]);
  }
  return matches;
}

/**
 * Follows boxes from frame to frame of one video: each live track's box is predicted one frame on at its velocity, the
 * frame's boxes are matched to the predictions by IoU, a matched box continues its track (and updates its velocity),
 * an unmatched box starts a new track, and a track unmatched for more than `max_missed_frames` frames ends.
 */
export class Tracker {
  private tracks: Track[] = [];
  private nextId = 1;

  constructor(private readonly settings: TrackingSettings) {}

  /** The frame's boxes, each with its track id. */
  step(boxes: readonly FrameBox[]): TrackedBox[] {
    const predicted = this.tracks.map((track) => ({ ...predictedBox(track, track.missed + 1), subject_uid: track.subject_uid }));
    const matches = matchGreedily(predicted, boxes, this.settings.min_iou);
    const trackOfBox = new Map<number, Track>();
    const continued = new Set<Track>();
    for (const [trackIndex, boxIndex] of matches) {
      const track = this.tracks[trackIndex]!;
      const seen = boxes[boxIndex]!.box;
      const frames = track.missed + 1;
      const velocity = { ...track.velocity };
      for (const edge of EDGES) velocity[edge] += VELOCITY_GAIN * ((seen[edge] - track.box[edge]) / frames - velocity[edge]);
      Object.assign(track, { box: seen, velocity, missed: 0 });
      trackOfBox.set(boxIndex, track);
      continued.add(track);
    }
    for (const track of this.tracks) if (!continued.has(track)) track.missed += 1;
    this.tracks = this.tracks.filter((track) => track.missed <= this.settings.max_missed_frames);
    boxes.forEach((found, index) => {
      if (trackOfBox.has(index)) return;
      const track: Track = { id: this.nextId++, subject_uid: found.subject_uid, box: found.box, velocity: STILL, missed: 0 };
      this.tracks.push(track);
      trackOfBox.set(index, track);
    });
    return boxes.map(({ box, probability, subject_uid }, index) => ({ track_id: trackOfBox.get(index)!.id, box, probability, subject_uid }));
  }
}

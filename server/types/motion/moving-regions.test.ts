import { beforeAll, describe, expect, it } from 'vitest';
import { intersectionOverUnion, BOX_MATCH_IOU } from '../../../src/api/application-types/box-detection';
import { MOTION_MIN_AREA, MOTION_SENSITIVITY, type MotionSettings } from '../../../src/api/application-types/motion';
import type { BoxCoords } from '../../../src/api/types';
import { extractFrames } from '../../media/video-frames';
import { readStreetClip, STREET_CLIP } from '../../testing/videos';
import { decodeGreyFrame, type GreyFrame } from './grey-frame';
import { motion } from './module';
import { movingRegions } from './moving-regions';

const DEFAULTS: MotionSettings = { sensitivity: MOTION_SENSITIVITY.default, min_area: MOTION_MIN_AREA.default };
/** Frames half a second apart (every 5th of the 10 fps clip), as a video_segmentation at 2 frames per second gives. */
const STRIDE = 5;

// Frame 45 of the street clip, looked at by eye: the people walking, and things that stand still.
const WALKERS_IN_FRAME_45: BoxCoords[] = [
  { x0: 242, y0: 93, x1: 260, y1: 130 }, // in white, crossing the path
  { x0: 316, y0: 118, x1: 333, y1: 163 }, // in black, walking down the road
  { x0: 365, y0: 115, x1: 377, y1: 155 }, // at the right edge
  { x0: 314, y0: 55, x1: 333, y1: 85 }, // the pair walking away by the building
];
const STILL_THINGS: BoxCoords[] = [
  { x0: 0, y0: 170, x1: 200, y1: 288 }, // the lawn in front
  { x0: 230, y0: 170, x1: 262, y1: 240 }, // the tripod
  { x0: 327, y0: 22, x1: 360, y1: 49 }, // the parked van
];

const overlaps = (a: BoxCoords, b: BoxCoords) => Math.min(a.x1, b.x1) > Math.max(a.x0, b.x0) && Math.min(a.y1, b.y1) > Math.max(a.y0, b.y0);

let grey: GreyFrame[];
let jpegs: Buffer[];
beforeAll(async () => {
  const frames = await extractFrames(await readStreetClip(), (times) => times.map((_, index) => index).filter((index) => index % STRIDE === 0));
  jpegs = frames.map((frame) => frame.image);
  grey = await Promise.all(jpegs.map((jpeg) => decodeGreyFrame(jpeg, STREET_CLIP.width, STREET_CLIP.height)));
});

/** The boxes of frame `position` (of the frames taken) against the module's number of frames before it. */
const boxesAt = (position: number, settings = DEFAULTS) =>
  movingRegions(grey[position]!, grey.slice(Math.max(0, position - motion.earlierFrames), position), settings);

describe('motion on the street clip', () => {
  it('boxes each person walking in frame 45, each box matching one by IoU ≥ 0.5', () => {
    const boxes = boxesAt(45 / STRIDE);
    for (const walker of WALKERS_IN_FRAME_45) {
      const best = Math.max(...boxes.map(({ box }) => intersectionOverUnion(box, walker)));
      expect(best, JSON.stringify(walker)).toBeGreaterThanOrEqual(BOX_MATCH_IOU);
    }
    for (const { box, probability } of boxes) {
      expect(box.x1 - box.x0).toBeGreaterThan(0);
      expect(probability).toBeGreaterThan(0);
      expect(probability).toBeLessThanOrEqual(1);
    }
  });

  it('never boxes the lawn, the tripod or the parked van, on any frame', () => {
    for (let position = 1; position < grey.length; position += 1) {
      for (const { box } of boxesAt(position)) for (const still of STILL_THINGS) expect(overlaps(box, still), `frame ${position * STRIDE}`).toBe(false);
    }
  });

  it('boxes nothing on a frame compared with itself, and less at a lower sensitivity', () => {
    expect(movingRegions(grey[3]!, [grey[3]!, grey[3]!], DEFAULTS)).toEqual([]);
    const calm = boxesAt(9, { sensitivity: 0, min_area: DEFAULTS.min_area });
    expect(calm.length).toBeLessThan(boxesAt(9).length);
  });

  it('gives a box_set for each output subject, and nothing for a first frame', async () => {
    const frameOf = (position: number) => ({ ...STREET_CLIP, readBytes: async () => jpegs[position]! });
    expect(await motion.propose(frameOf(0), [], ['walkers'], {})).toEqual([]);
    const [proposal] = await motion.propose(frameOf(9), [6, 7, 8].map(frameOf), ['walkers'], { min_area: 80 });
    expect(proposal).toMatchObject({ subject_uid: 'walkers', app_data_type: 'box_set' });
    expect(proposal!.app_data).toEqual(boxesAt(9));
    expect(proposal!.probability).toBe(boxesAt(9)[0]!.probability);
  });
});

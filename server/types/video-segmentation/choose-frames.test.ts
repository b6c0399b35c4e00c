import { describe, expect, it } from 'vitest';
import { chooseFrames } from './choose-frames';

/** Frame times of a constant-rate video. */
const times = (count: number, fps: number) => Array.from({ length: count }, (_, index) => index / fps);

describe('chooseFrames', () => {
  it('takes every n-th frame from the first, up to the maximum', () => {
    expect(chooseFrames(times(50, 10), { everyNthFrame: 20 }, 100)).toEqual([0, 20, 40]);
    expect(chooseFrames(times(50, 10), { everyNthFrame: 1 }, 3)).toEqual([0, 1, 2]);
  });

  it('takes the first frame at or after each mark of the rate', () => {
    expect(chooseFrames(times(50, 10), { framesPerSecond: 2 }, 100)).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40, 45]);
    expect(chooseFrames(times(30, 30), { framesPerSecond: 7 }, 100)).toEqual([0, 5, 9, 13, 18, 22, 26]);
    expect(chooseFrames(times(50, 10), { framesPerSecond: 0.5 }, 100)).toEqual([0, 20, 40]);
  });

  it('takes every frame when the rate is above the video’s, and follows uneven frame times (a GIF)', () => {
    expect(chooseFrames(times(5, 10), { framesPerSecond: 60 }, 100)).toEqual([0, 1, 2, 3, 4]);
    expect(chooseFrames([0, 0.1, 1.5, 1.6, 3.2], { framesPerSecond: 1 }, 100)).toEqual([0, 2, 4]);
  });

  it('takes nothing of an empty video', () => {
    expect(chooseFrames([], { framesPerSecond: 1 }, 10)).toEqual([]);
  });
});

import type { FrameSampling } from '../../../src/api/application-types/video-segmentation';

/**
 * The indexes of the frames to take, given each frame's time in seconds from the first (in order): every n-th frame
 * from the first, or at a rate, the first frame at or after each multiple of 1/rate seconds; at most `maxFrames`.
 */
export function chooseFrames(times: readonly number[], sampling: FrameSampling, maxFrames: number): number[] {
  const chosen: number[] = [];
  if ('everyNthFrame' in sampling) {
    for (let index = 0; index < times.length && chosen.length < maxFrames; index += sampling.everyNthFrame) chosen.push(index);
    return chosen;
  }
  const interval = 1 / sampling.framesPerSecond;
  let next = 0;
  // A small tolerance, so that a frame at 0.1 s is taken for the mark at 0.1 s whatever the float rounding.
  const epsilon = 1e-6;
  times.forEach((time, index) => {
    if (chosen.length >= maxFrames || time + epsilon < next) return;
    chosen.push(index);
    next = (Math.floor(time / interval + epsilon) + 1) * interval;
  });
  return chosen;
}

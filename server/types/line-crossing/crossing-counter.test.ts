import { describe, expect, it } from 'vitest';
import type { CountingLine } from '../../../src/api/application-types/line-crossing';
import { CrossingCounter } from './crossing-counter';

/** A vertical line x = 100 from y = 0 down to y = 200: side A is x > 100 (left, looking down the line), B is x < 100. */
const DOOR: CountingLine = { name: 'door', start: { x: 100, y: 0 }, end: { x: 100, y: 200 } };

/** A track whose box stands (bottom centre) at (x, y). */
const standingAt = (track_id: number, x: number, y: number) => ({ track_id, box: { x0: x - 10, y0: y - 50, x1: x + 10, y1: y } });

/** Each frame's counts for the door, the tracks of each frame given as [id, x, y]. */
function countFrames(frames: [number, number, number][][], lines = [DOOR]) {
  const counter = new CrossingCounter(lines);
  return frames.map((tracks) => counter.step(tracks.map(([id, x, y]) => standingAt(id, x, y))));
}

describe('the crossing counter', () => {
  it('counts crossings per direction, with the tracks that crossed on each frame', () => {
    const frames = countFrames([
      [[1, 80, 100], [2, 130, 50]],
      [[1, 120, 105], [2, 90, 60]],
      [[1, 140, 110], [3, 60, 150]],
      [[3, 110, 150]],
    ]);
    expect(frames.map(([door]) => door)).toEqual([
      { line: 'door', a_to_b: 0, b_to_a: 0, crossed_now: [] },
      { line: 'door', a_to_b: 1, b_to_a: 1, crossed_now: [{ track_id: 1, direction: 'b_to_a' }, { track_id: 2, direction: 'a_to_b' }] },
      { line: 'door', a_to_b: 1, b_to_a: 1, crossed_now: [] },
      { line: 'door', a_to_b: 1, b_to_a: 2, crossed_now: [{ track_id: 3, direction: 'b_to_a' }] },
    ]);
  });

  it('does not count a track that touches the line and turns back, and counts one that stops on it and goes on once', () => {
    const touching = countFrames([[[1, 90, 100]], [[1, 100, 100]], [[1, 90, 100]]]);
    expect(touching.at(-1)![0]).toMatchObject({ a_to_b: 0, b_to_a: 0 });
    const pausing = countFrames([[[1, 90, 100]], [[1, 100, 100]], [[1, 100, 100]], [[1, 110, 100]]]);
    expect(pausing.map(([door]) => door!.b_to_a)).toEqual([0, 0, 0, 1]);
  });

  it('does not count a track passing beyond the end of the line', () => {
    const frames = countFrames([[[1, 80, 250]], [[1, 120, 250]]]);
    expect(frames.at(-1)![0]).toMatchObject({ a_to_b: 0, b_to_a: 0 });
  });

  it('counts each line on its own', () => {
    const kerb: CountingLine = { name: 'kerb', start: { x: 0, y: 120 }, end: { x: 300, y: 120 } };
    const [door, crossedKerb] = countFrames([[[1, 80, 100]], [[1, 120, 130]]], [DOOR, kerb])[1]!;
    expect(door).toMatchObject({ b_to_a: 1 });
    // Seen from (0, 120) towards (300, 120), y down: above the kerb is A, below is B.
    expect(crossedKerb).toMatchObject({ line: 'kerb', a_to_b: 1, b_to_a: 0 });
  });
});

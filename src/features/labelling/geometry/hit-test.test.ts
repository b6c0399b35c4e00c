import { hitTestBoxes, hitTestLine, hitTestPoints, probe, probeAtScreen } from './hit-test';
import { imagePoint, screenPoint } from './types';

const big = { x0: 0, y0: 0, x1: 100, y1: 100 };
const small = { x0: 40, y0: 40, x1: 60, y1: 60 };

describe('hit testing', () => {
  it('reaches a tiny box inside a big one, and the big one away from the tiny one', () => {
    expect(hitTestBoxes([small, big], null, probe(imagePoint(50, 50), 1, 4))).toEqual({ kind: 'box', index: 0 });
    expect(hitTestBoxes([big, small], null, probe(imagePoint(50, 50), 1, 4))).toEqual({ kind: 'box', index: 1 });
    expect(hitTestBoxes([big, small], null, probe(imagePoint(10, 10), 1, 4))).toEqual({ kind: 'box', index: 0 });
    const tiny = { x0: 47, y0: 47, x1: 53, y1: 53 };
    expect(hitTestBoxes([tiny, big], null, probe(imagePoint(50, 50), 2, 6))).toEqual({ kind: 'box', index: 0 });
  });

  it('gives the centre of a tiny box to that box, not to its adjacent neighbour', () => {
    const left = { x0: 100, y0: 100, x1: 106, y1: 106 };
    const right = { x0: 107, y0: 100, x1: 113, y1: 106 };
    const tolerance = probe(imagePoint(103, 103), 1, 6);
    expect(hitTestBoxes([left, right], null, tolerance)).toEqual({ kind: 'box', index: 0 });
    expect(hitTestBoxes([right, left], null, tolerance)).toEqual({ kind: 'box', index: 1 });
    expect(hitTestBoxes([left, right], null, probe(imagePoint(110, 103), 1, 6))).toEqual({ kind: 'box', index: 1 });
  });

  it('picks the box whose edge is nearest among overlapping boxes', () => {
    const a = { x0: 0, y0: 0, x1: 50, y1: 50 };
    const b = { x0: 40, y0: 0, x1: 200, y1: 50 };
    expect(hitTestBoxes([a, b], null, probe(imagePoint(48, 25), 1, 4))).toEqual({ kind: 'box', index: 0 });
    expect(hitTestBoxes([a, b], null, probe(imagePoint(42, 25), 1, 4))).toEqual({ kind: 'box', index: 1 });
  });

  it('prefers the selected box: its handles, then its body, over a nearer box', () => {
    const tiny = { x0: 47, y0: 47, x1: 53, y1: 53 };
    expect(hitTestBoxes([tiny, big], 1, probe(imagePoint(50, 50), 1, 4))).toEqual({ kind: 'box', index: 1 });
    expect(hitTestBoxes([tiny, big], 1, probe(imagePoint(99, 99), 1, 4))).toEqual({ kind: 'handle', index: 1, handle: 'se' });
    expect(hitTestBoxes([tiny, big], 0, probe(imagePoint(50, 50), 1, 4))).toEqual({ kind: 'box', index: 0 });
    expect(hitTestBoxes([tiny, big], 0, probe(imagePoint(53, 53), 1, 4))).toEqual({ kind: 'handle', index: 0, handle: 'se' });
  });

  it('finds the handles of the selected box only', () => {
    const at = probe(imagePoint(61, 39), 1, 4);
    expect(hitTestBoxes([big, small], 1, at)).toEqual({ kind: 'handle', index: 1, handle: 'ne' });
    expect(hitTestBoxes([big, small], null, at)).toEqual({ kind: 'box', index: 1 });
  });

  it('uses a tolerance in screen pixels, so it shrinks in image pixels when zoomed in', () => {
    const near = imagePoint(63, 50); // 3 image px right of the small box
    expect(hitTestBoxes([small], null, probe(near, 1, 4))).toEqual({ kind: 'box', index: 0 });
    expect(hitTestBoxes([small], null, probe(near, 4, 4))).toBeNull();
    const camera = { scale: 0.5, x: 0, y: 0 };
    expect(hitTestBoxes([small], 0, probeAtScreen(camera, screenPoint(33, 33), 4))).toEqual({
      kind: 'handle',
      index: 0,
      handle: 'se',
    });
  });

  it('finds the nearest point and the offset line within tolerance', () => {
    const points = [imagePoint(10, 10), imagePoint(14, 10)];
    expect(hitTestPoints(points, probe(imagePoint(13, 10), 1, 5))).toBe(1);
    expect(hitTestPoints(points, probe(imagePoint(30, 30), 1, 5))).toBeNull();
    expect(hitTestLine(50, 'x', probe(imagePoint(52, 999), 1, 3))).toBe(true);
    expect(hitTestLine(50, 'y', probe(imagePoint(52, 999), 1, 3))).toBe(false);
    expect(hitTestLine(50, 'x', probe(imagePoint(52, 0), 2, 3))).toBe(false);
  });
});

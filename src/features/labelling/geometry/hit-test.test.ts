import { hitTestBoxes, hitTestLine, hitTestPoints, probe, probeAtScreen } from './hit-test';
import { imagePoint, screenPoint } from './types';

const big = { x0: 0, y0: 0, x1: 100, y1: 100 };
const small = { x0: 40, y0: 40, x1: 60, y1: 60 };

describe('hit testing', () => {
  it('prefers the smallest box under the point, so boxes inside boxes stay reachable', () => {
    expect(hitTestBoxes([small, big], null, probe(imagePoint(50, 50), 1, 4))).toEqual({ kind: 'box', index: 0 });
    expect(hitTestBoxes([big, small], null, probe(imagePoint(10, 10), 1, 4))).toEqual({ kind: 'box', index: 0 });
  });

  it('lets the topmost box win when areas are equal', () => {
    const twin = { ...small };
    expect(hitTestBoxes([small, twin], null, probe(imagePoint(50, 50), 1, 4))).toEqual({ kind: 'box', index: 1 });
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

import {
  boxArea,
  boxContains,
  boxFromCorners,
  clipBox,
  intersectBoxes,
  resizeBox,
  roundBox,
  translateBox,
  visibleIn,
  withMinSize,
} from './box';
import { imagePoint } from './types';

const bounds = { x0: 0, y0: 0, x1: 100, y1: 80 };

describe('box helpers', () => {
  it('normalises a box from two corners in any order', () => {
    expect(boxFromCorners(imagePoint(30, 5), imagePoint(10, 25))).toEqual({ x0: 10, y0: 5, x1: 30, y1: 25 });
  });

  it('computes area, intersection and containment', () => {
    const a = { x0: 0, y0: 0, x1: 10, y1: 10 };
    expect(boxArea(a)).toBe(100);
    expect(intersectBoxes(a, { x0: 5, y0: 5, x1: 20, y1: 20 })).toEqual({ x0: 5, y0: 5, x1: 10, y1: 10 });
    expect(intersectBoxes(a, { x0: 10, y0: 0, x1: 20, y1: 10 })).toBeNull();
    expect(boxContains(a, imagePoint(10, 10))).toBe(true);
    expect(boxContains(a, imagePoint(12, 5))).toBe(false);
    expect(boxContains(a, imagePoint(12, 5), 2)).toBe(true);
  });

  it('clips to bounds and rounds to whole pixels', () => {
    expect(clipBox({ x0: -5, y0: 10, x1: 120, y1: 90 }, bounds)).toEqual({ x0: 0, y0: 10, x1: 100, y1: 80 });
    expect(roundBox({ x0: 1.4, y0: 2.6, x1: 1.6, y1: 9.5 })).toEqual({ x0: 1, y0: 3, x1: 2, y1: 10 });
  });

  it('grows a tiny box to the minimum size and keeps it inside', () => {
    expect(withMinSize({ x0: 98, y0: 40, x1: 99, y1: 41 }, 4, bounds)).toEqual({ x0: 96, y0: 38.5, x1: 100, y1: 42.5 });
  });

  it('translates but stops at the bounds, keeping the size', () => {
    const box = { x0: 10, y0: 10, x1: 30, y1: 20 };
    expect(translateBox(box, { x: 5, y: -3 }, bounds)).toEqual({ x0: 15, y0: 7, x1: 35, y1: 17 });
    expect(translateBox(box, { x: 500, y: -500 }, bounds)).toEqual({ x0: 80, y0: 0, x1: 100, y1: 10 });
  });

  it('resizes by each kind of handle, respecting the minimum size and the bounds', () => {
    const box = { x0: 10, y0: 10, x1: 30, y1: 30 };
    expect(resizeBox(box, 'se', imagePoint(50, 60), bounds, 4)).toEqual({ x0: 10, y0: 10, x1: 50, y1: 60 });
    expect(resizeBox(box, 'n', imagePoint(99, 2), bounds, 4)).toEqual({ x0: 10, y0: 2, x1: 30, y1: 30 });
    expect(resizeBox(box, 'w', imagePoint(29, 0), bounds, 4)).toEqual({ x0: 26, y0: 10, x1: 30, y1: 30 });
    expect(resizeBox(box, 'nw', imagePoint(-20, -20), bounds, 4)).toEqual({ x0: 0, y0: 0, x1: 30, y1: 30 });
    expect(resizeBox(box, 'e', imagePoint(500, 0), bounds, 4)).toEqual({ x0: 10, y0: 10, x1: 100, y1: 30 });
  });

  it('culls boxes outside the view rectangle', () => {
    const view = { x0: 50, y0: 50, x1: 100, y1: 100 };
    expect(visibleIn({ x0: 40, y0: 40, x1: 55, y1: 55 }, view)).toBe(true);
    expect(visibleIn({ x0: 0, y0: 0, x1: 40, y1: 100 }, view)).toBe(false);
  });
});

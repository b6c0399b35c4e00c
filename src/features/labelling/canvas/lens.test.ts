import { imagePoint, screenPoint } from '../geometry/types';
import { lensPosition, lensSource } from './lens';

describe('the magnifier lens', () => {
  it('shows a square of image pixels centred on the pointer pixel, 4× the current zoom', () => {
    expect(lensSource(imagePoint(100.7, 50.2), 2, 160, 4)).toEqual({ x0: 90.5, y0: 40.5, x1: 110.5, y1: 60.5 });
  });

  it('sits above right of the pointer, and flips at the viewport edges', () => {
    const viewport = { width: 800, height: 600 };
    expect(lensPosition(screenPoint(300, 300), viewport, 160)).toEqual({ left: 324, top: 116 });
    expect(lensPosition(screenPoint(700, 100), viewport, 160)).toEqual({ left: 516, top: 124 });
  });
});

import { boxInImage, boxOnScreen, fitToView, imageToScreen, pan, screenToImage, viewRect, zoomAt } from './camera';
import { imagePoint, screenPoint } from './types';

describe('camera', () => {
  const camera = { scale: 2, x: 30, y: -10 };

  it('converts between screen and image space both ways', () => {
    const image = imagePoint(12.5, 40);
    const screen = imageToScreen(camera, image);
    expect(screen).toEqual({ x: 55, y: 70 });
    expect(screenToImage(camera, screen)).toEqual(image);
  });

  it('puts a box on the screen in whole pixels with its margin, cut to the viewport', () => {
    const viewport = { width: 200, height: 100 };
    expect(boxOnScreen(camera, { x0: 10.2, y0: 20, x1: 20, y1: 30.6 }, viewport, 2)).toEqual({ x0: 48, y0: 28, x1: 72, y1: 54 });
    expect(boxOnScreen(camera, { x0: -100, y0: 0, x1: 500, y1: 40 }, viewport)).toEqual({ x0: 0, y0: 0, x1: 200, y1: 70 });
    expect(boxOnScreen(camera, { x0: 100, y0: 0, x1: 120, y1: 10 }, viewport)).toBeNull();
  });

  it('takes a box on the screen back to image pixels', () => {
    expect(boxInImage(camera, { x0: 48, y0: 28, x1: 72, y1: 54 })).toEqual({ x0: 9, y0: 19, x1: 21, y1: 32 });
  });

  it('fits the image centred inside the padded viewport', () => {
    const fitted = fitToView({ width: 400, height: 200 }, { width: 820, height: 620 }, 10);
    expect(fitted.scale).toBe(2);
    expect(imageToScreen(fitted, imagePoint(0, 0))).toEqual({ x: 10, y: 110 });
    expect(imageToScreen(fitted, imagePoint(400, 200))).toEqual({ x: 810, y: 510 });
  });

  it('keeps the image point under the pointer fixed while zooming', () => {
    const anchor = screenPoint(333, 127);
    const before = screenToImage(camera, anchor);
    const zoomed = zoomAt(camera, anchor, 1.7, { min: 0.1, max: 20 });
    expect(zoomed.scale).toBeCloseTo(3.4);
    const after = screenToImage(zoomed, anchor);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(after.y).toBeCloseTo(before.y, 9);
  });

  it('clamps the zoom to the limits and still keeps the anchor fixed', () => {
    const anchor = screenPoint(100, 100);
    const zoomed = zoomAt(camera, anchor, 100, { min: 0.5, max: 8 });
    expect(zoomed.scale).toBe(8);
    expect(screenToImage(zoomed, anchor).x).toBeCloseTo(screenToImage(camera, anchor).x, 9);
  });

  it('pans in screen pixels and reports the visible image rectangle', () => {
    const moved = pan(camera, 10, 20);
    expect(moved).toEqual({ scale: 2, x: 40, y: 10 });
    expect(viewRect(moved, { width: 200, height: 100 })).toEqual({ x0: -20, y0: -5, x1: 80, y1: 45 });
  });
});

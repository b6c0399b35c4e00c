import { toLab } from './lab-image';
import { growRegion } from './region';
import { syntheticImage } from './synthetic-image';
import { workingMapping, workingSize } from './working-scale';

const GREY = [128, 128, 128] as const;
const RED = [200, 30, 30] as const;
const square = { x0: 20, y0: 30, x1: 60, y1: 50, colour: RED };

describe('region growing', () => {
  it('finds a red square on grey: its box to the pixel and its centre', () => {
    const image = toLab(syntheticImage(120, 90, GREY, [square]));
    const region = growRegion(image, { x: 33.4, y: 41.7 });
    expect(region).toEqual({ box: { x0: 20, y0: 30, x1: 60, y1: 50 }, centroid: { x: 40, y: 40 }, area: 800 });
  });

  it('finds the square within a pixel through noise', () => {
    const image = toLab(syntheticImage(120, 90, GREY, [square], 12));
    const region = growRegion(image, { x: 25, y: 45 });
    expect(region).not.toBeNull();
    const { box } = region!;
    for (const key of ['x0', 'y0', 'x1', 'y1'] as const) expect(Math.abs(box[key] - square[key])).toBeLessThanOrEqual(1);
  });

  it('stops at an object touching the border, inside the image', () => {
    const image = toLab(syntheticImage(100, 80, GREY, [{ x0: 0, y0: 50, x1: 30, y1: 80, colour: RED }]));
    expect(growRegion(image, { x: 2, y: 78 })?.box).toEqual({ x0: 0, y0: 50, x1: 30, y1: 80 });
  });

  it('keeps two touching objects of different colours apart', () => {
    const blue = { x0: 60, y0: 30, x1: 90, y1: 50, colour: [30, 40, 200] as const };
    const image = toLab(syntheticImage(120, 90, GREY, [square, blue]));
    expect(growRegion(image, { x: 70, y: 40 })?.box).toEqual({ x0: 60, y0: 30, x1: 90, y1: 50 });
  });

  it('gives no region for a click on the background (too large) or on a speck (too small)', () => {
    const speck = { x0: 100, y0: 10, x1: 102, y1: 12, colour: RED };
    const image = toLab(syntheticImage(120, 90, GREY, [square, speck]));
    expect(growRegion(image, { x: 5, y: 5 })).toBeNull();
    expect(growRegion(image, { x: 100, y: 10 })).toBeNull();
    expect(growRegion(image, { x: 5, y: 5 }, { tolerance: 20, edge: 20, minArea: 9, maxAreaFraction: 1 })?.area).toBe(120 * 90 - 800 - 4);
  });

  it('gives no region outside the image', () => {
    expect(growRegion(toLab(syntheticImage(10, 10, GREY, [])), { x: -1, y: 3 })).toBeNull();
  });
});

describe('the working copy of a large image', () => {
  it('keeps small images and shrinks large ones to the pixel budget, keeping the aspect', () => {
    expect(workingSize({ width: 800, height: 600 })).toEqual({ width: 800, height: 600 });
    const size = workingSize({ width: 4000, height: 3000 });
    expect(size.width * size.height).toBeLessThanOrEqual(2_000_000);
    expect(size.width / size.height).toBeCloseTo(4 / 3, 2);
  });

  it('maps a seed into the copy and a region back to image pixels', () => {
    const mapping = workingMapping({ width: 4000, height: 3000 }, { width: 2000, height: 1500 });
    expect(mapping.toWorking({ x: 1001, y: 600 })).toEqual({ x: 500.5, y: 300 });
    const region = { box: { x0: 10, y0: 20, x1: 30, y1: 40 }, centroid: { x: 20, y: 30 }, area: 400 };
    expect(mapping.toImage(region)).toEqual({ box: { x0: 20, y0: 40, x1: 60, y1: 80 }, centroid: { x: 40, y: 60 }, area: 1600 });
  });
});

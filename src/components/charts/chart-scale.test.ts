import { linearScale, niceCeiling } from './chart-scale';

describe('niceCeiling', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(1)).toBe(1);
    expect(niceCeiling(3)).toBe(5);
    expect(niceCeiling(17)).toBe(20);
    expect(niceCeiling(51)).toBe(100);
    expect(niceCeiling(4200)).toBe(5000);
    expect(niceCeiling(0.3)).toBe(0.5);
  });
});

describe('linearScale', () => {
  it('spans zero to a round maximum in equal ticks and maps values to pixels', () => {
    const scale = linearScale([3, 17, 9], 100);
    expect(scale.max).toBe(20);
    expect(scale.ticks).toEqual([0, 5, 10, 15, 20]);
    expect(scale.toPixels(0)).toBe(0);
    expect(scale.toPixels(10)).toBe(50);
    expect(scale.toPixels(20)).toBe(100);
  });

  it('keeps whole-number ticks for small counts and an empty series', () => {
    expect(linearScale([1], 80).ticks).toEqual([0, 1, 2, 3, 4]);
    expect(linearScale([], 80).max).toBe(4);
  });

  it('takes five steps where four would give fractions of a count', () => {
    expect(linearScale([10], 100).ticks).toEqual([0, 2, 4, 6, 8, 10]);
    expect(linearScale([42], 100).ticks).toEqual([0, 10, 20, 30, 40, 50]);
    expect(linearScale([90], 100).ticks).toEqual([0, 25, 50, 75, 100]);
  });

  it('keeps a fixed maximum, such as 1 for ratios', () => {
    const scale = linearScale([0.42], 100, 4, 1);
    expect(scale.ticks).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(scale.toPixels(0.5)).toBe(50);
  });

  it('never draws below the baseline', () => {
    expect(linearScale([5], 50).toPixels(-3)).toBe(0);
  });
});

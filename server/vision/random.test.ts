import { describe, expect, it } from 'vitest';
import { createRandom, deriveSeed } from './random';

const draw = (seed: number, n: number) => {
  const random = createRandom(seed);
  return Array.from({ length: n }, () => random.float());
};

describe('createRandom', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    expect(draw(42, 20)).toEqual(draw(42, 20));
    expect(draw(42, 20)).not.toEqual(draw(43, 20));
  });

  it('keeps floats in [0, 1) and integers within both ends', () => {
    const random = createRandom(7);
    const ints = new Set<number>();
    for (let i = 0; i < 2000; i += 1) {
      const value = random.float();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
      ints.add(random.int(3, 6));
    }
    expect([...ints].sort()).toEqual([3, 4, 5, 6]);
  });

  it('draws normals with about the asked mean and deviation', () => {
    const random = createRandom(11);
    const values = Array.from({ length: 5000 }, () => random.normal(10, 2));
    const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
    const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length;
    expect(mean).toBeCloseTo(10, 0);
    expect(Math.sqrt(variance)).toBeGreaterThan(1.8);
    expect(Math.sqrt(variance)).toBeLessThan(2.2);
  });

  it('picks only from the list and refuses an empty one', () => {
    const random = createRandom(3);
    const picked = new Set(Array.from({ length: 100 }, () => random.pick(['a', 'b', 'c'])));
    expect([...picked].sort()).toEqual(['a', 'b', 'c']);
    expect(() => random.pick([])).toThrow(RangeError);
  });
});

describe('deriveSeed', () => {
  it('is stable and differs between indices', () => {
    expect(deriveSeed(5, 0)).toBe(deriveSeed(5, 0));
    expect(new Set([0, 1, 2, 3].map((i) => deriveSeed(5, i))).size).toBe(4);
  });
});

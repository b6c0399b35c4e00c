/** A small seeded pseudo-random generator (mulberry32): the same seed always gives the same sequence. */
export interface Random {
  /** Uniform in [0, 1). */
  float(): number;
  /** Uniform in [min, max). */
  between(min: number, max: number): number;
  /** Uniform integer in [min, max], both ends included. */
  int(min: number, max: number): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Gaussian with the given mean and standard deviation (Box–Muller). */
  normal(mean?: number, deviation?: number): number;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const float = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const between = (min: number, max: number): number => min + (max - min) * float();
  return {
    float,
    between,
    int: (min, max) => Math.floor(between(min, max + 1)),
    chance: (probability) => float() < probability,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new RangeError('Cannot pick from an empty list.');
      return items[Math.floor(float() * items.length)] as T;
    },
    normal: (mean = 0, deviation = 1) => {
      const u = 1 - float();
      return mean + deviation * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * float());
    },
  };
}

/** A seed derived from a parent seed and an index, so that item n of a set does not depend on the others. */
export function deriveSeed(seed: number, index: number): number {
  return createRandom((seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0).int(0, 0xffffffff);
}

import { describe, expect, it } from 'vitest';
import { percentile, summarize, timed } from './stats';

describe('percentile', () => {
  it('takes the nearest rank', () => {
    const samples = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(samples, 50)).toBe(5);
    expect(percentile(samples, 95)).toBe(10);
    expect(percentile(samples, 10)).toBe(1);
    expect(percentile([42], 95)).toBe(42);
  });

  it('refuses no samples and percentiles out of range', () => {
    expect(() => percentile([], 50)).toThrow(RangeError);
    expect(() => percentile([1], 0)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });
});

describe('summarize', () => {
  it('gives the count, median, 95th percentile and maximum, rounded to 0.01 ms', () => {
    const samples = Array.from({ length: 20 }, (_, index) => index + 1 + 1 / 3);
    expect(summarize(samples)).toEqual({ n: 20, p50_ms: 10.33, p95_ms: 19.33, max_ms: 20.33 });
  });
});

describe('timed', () => {
  it('records one sample per call and passes the result through', async () => {
    const samples: number[] = [];
    expect(await timed(samples, async () => 'done')).toBe('done');
    expect(samples).toHaveLength(1);
    expect(samples[0]).toBeGreaterThanOrEqual(0);
  });
});

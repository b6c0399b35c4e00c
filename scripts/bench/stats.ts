/** The nearest-rank percentile (0 < p ≤ 100) of the samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new RangeError('No samples.');
  if (!(p > 0 && p <= 100)) throw new RangeError('The percentile must be in (0, 100].');
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.ceil((p / 100) * sorted.length) - 1] as number;
}

export interface LatencySummary {
  n: number;
  p50_ms: number;
  p95_ms: number;
  max_ms: number;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

export function summarize(samples: readonly number[]): LatencySummary {
  return {
    n: samples.length,
    p50_ms: round(percentile(samples, 50)),
    p95_ms: round(percentile(samples, 95)),
    max_ms: round(Math.max(...samples)),
  };
}

/** Runs `work` and adds its duration in milliseconds to `samples`. */
export async function timed<T>(samples: number[], work: () => Promise<T>): Promise<T> {
  const startedAt = performance.now();
  const result = await work();
  samples.push(performance.now() - startedAt);
  return result;
}

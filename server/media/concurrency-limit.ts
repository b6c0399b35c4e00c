export interface ConcurrencyStats {
  running: number;
  waiting: number;
  /** The most tasks that ever ran at once. */
  peak: number;
  /** The most tasks that ever waited at once. */
  peakWaiting: number;
}

/** Runs at most `maxConcurrent` tasks at a time; the rest wait in arrival order. */
export function createConcurrencyLimit(maxConcurrent: number) {
  if (!Number.isInteger(maxConcurrent) || maxConcurrent < 1) {
    throw new RangeError(`maxConcurrent must be a positive integer, got ${maxConcurrent}`);
  }
  let running = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  let peak = 0;
  let peakWaiting = 0;

  async function limit<T>(task: () => Promise<T>): Promise<T> {
    if (running < maxConcurrent) running += 1;
    // The releasing task hands its slot straight to us, so `running` stays the same.
    else {
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        peakWaiting = Math.max(peakWaiting, waiting.length);
      });
    }
    peak = Math.max(peak, running);
    try {
      return await task();
    } finally {
      release();
    }
  }
  limit.maxConcurrent = maxConcurrent;
  limit.stats = (): ConcurrencyStats => ({ running, waiting: waiting.length, peak, peakWaiting });
  return limit;
}

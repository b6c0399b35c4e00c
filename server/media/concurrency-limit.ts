import pLimit from 'p-limit';

export interface ConcurrencyStats {
  running: number;
  waiting: number;
  /** The most tasks that ever ran at once. */
  peak: number;
  /** The most tasks that ever waited at once. */
  peakWaiting: number;
}

/** Runs at most `maxConcurrent` tasks at a time (p-limit); the rest wait in arrival order. */
export function createConcurrencyLimit(maxConcurrent: number) {
  const queue = pLimit(maxConcurrent);
  let peak = 0;
  let peakWaiting = 0;

  function limit<T>(task: () => Promise<T>): Promise<T> {
    const result = queue(task);
    peak = Math.max(peak, queue.activeCount);
    peakWaiting = Math.max(peakWaiting, queue.pendingCount);
    return result;
  }
  limit.maxConcurrent = maxConcurrent;
  limit.stats = (): ConcurrencyStats => ({ running: queue.activeCount, waiting: queue.pendingCount, peak, peakWaiting });
  return limit;
}

import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit } from './concurrency-limit';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('createConcurrencyLimit', () => {
  it('never runs more than the limit at once and runs the rest in order', async () => {
    const limit = createConcurrencyLimit(2);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    let running = 0;
    let mostAtOnce = 0;

    const results = gates.map((gate, index) =>
      limit(async () => {
        started.push(index);
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await gate.promise;
        running -= 1;
        return index * 10;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);

    gates[1]?.resolve();
    gates[0]?.resolve();
    gates[2]?.resolve();
    gates[3]?.resolve();

    expect(await Promise.all(results)).toEqual([0, 10, 20, 30]);
    expect(started).toEqual([0, 1, 2, 3]);
    expect(mostAtOnce).toBe(2);
    expect(limit.stats()).toEqual({ running: 0, waiting: 0, peak: 2, peakWaiting: 2 });
  });

  it('frees the slot when a task fails', async () => {
    const limit = createConcurrencyLimit(1);
    await expect(limit(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limit(() => Promise.resolve('after'))).resolves.toBe('after');
  });

  it('rejects a limit below one', () => {
    expect(() => createConcurrencyLimit(0)).toThrow(TypeError);
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createBackgroundJobs } from './background-jobs';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  return { promise, resolve, reject };
}

const silentLog = () => ({ error: vi.fn() }) as unknown as FastifyBaseLogger & { error: ReturnType<typeof vi.fn> };

describe('createBackgroundJobs', () => {
  it('starts the work at once without making the caller wait, and drain waits for it', async () => {
    const jobs = createBackgroundJobs(silentLog());
    const gate = deferred();
    let finished = false;
    jobs.run('release:a', async () => {
      await gate.promise;
      finished = true;
    });
    const drained = jobs.drain().then(() => finished);
    gate.resolve();
    expect(await drained).toBe(true);
  });

  it('runs one job per key at a time: a second request while the first runs is dropped', async () => {
    const jobs = createBackgroundJobs(silentLog());
    const gate = deferred();
    const work = vi.fn(() => gate.promise);
    jobs.run('release:a', work);
    jobs.run('release:a', work);
    jobs.run('release:b', work);
    expect(jobs.isRunning('release:a')).toBe(true);
    gate.resolve();
    await jobs.drain();
    expect(jobs.isRunning('release:a')).toBe(false);
    expect(work).toHaveBeenCalledTimes(2);
    jobs.run('release:a', work);
    await jobs.drain();
    expect(work).toHaveBeenCalledTimes(3);
  });

  it('logs a failing job instead of throwing, and frees its key', async () => {
    const log = silentLog();
    const jobs = createBackgroundJobs(log);
    jobs.run('release:a', () => Promise.reject(new Error('no images')));
    await jobs.drain();
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ job: 'release:a' }), expect.any(String));
    const retried = vi.fn(() => Promise.resolve());
    jobs.run('release:a', retried);
    await jobs.drain();
    expect(retried).toHaveBeenCalledOnce();
  });

  it('drains jobs that running jobs start', async () => {
    const jobs = createBackgroundJobs(silentLog());
    const order: string[] = [];
    jobs.run('first', async () => {
      await Promise.resolve();
      jobs.run('second', async () => {
        await Promise.resolve();
        order.push('second');
      });
      order.push('first');
    });
    await jobs.drain();
    expect(order).toEqual(['first', 'second']);
  });

  it('on close waits for the running job and refuses new ones', async () => {
    const jobs = createBackgroundJobs(silentLog());
    const gate = deferred();
    let finished = false;
    jobs.run('release:a', async () => {
      await gate.promise;
      finished = true;
    });
    const closing = jobs.close();
    const late = vi.fn(() => Promise.resolve());
    jobs.run('release:b', late);
    gate.resolve();
    await closing;
    expect(finished).toBe(true);
    expect(late).not.toHaveBeenCalled();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db';
import { localJobs } from '../db/schema';
import { openTestDatabase } from '../testing/test-app';
import { createLocalRunner } from './local-runner';
import type { JobHandlers, JobQueue } from './queue';

let database: DatabaseHandle;
/** Runners whose handler never returns, as a run killed in the middle of a job; they are let go after each test. */
let killed: { queue: JobQueue; release: () => void }[];

beforeEach(async () => {
  database = await openTestDatabase();
  killed = [];
});
afterEach(async () => {
  for (const { queue, release } of killed) {
    release();
    await queue.stop();
  }
  await database.close();
});

const testLog = () => ({ error: vi.fn() }) as unknown as FastifyBaseLogger & { error: ReturnType<typeof vi.fn> };

const runner = (handlers: Partial<JobHandlers>, log = testLog()) =>
  createLocalRunner({ db: database.db, handlers: handlers as JobHandlers, periodic: [], log });

/** A run of the service that takes the waiting job and is killed before it finishes; resolves once the job is in hand. */
async function runKilledInTheMiddle(start: (queue: JobQueue) => Promise<void>): Promise<void> {
  let inHand!: () => void;
  const claimed = new Promise<void>((resolve) => (inHand = resolve));
  let release!: () => void;
  const never = new Promise<void>((resolve) => (release = resolve));
  const queue = runner({
    'release-model': async () => {
      inHand();
      await never;
    },
  });
  killed.push({ queue, release });
  await start(queue);
  await claimed;
}

const sendRelease = (queue: JobQueue) =>
  database.db.transaction((tx) => queue.send(tx, 'release-model', { tenantId: 'ten_a', applicationId: 'app_a' }));

describe('the embedded job runner at start', () => {
  it('runs at once a job that an earlier run claimed and never finished', async () => {
    await runKilledInTheMiddle(async (earlier) => {
      await sendRelease(earlier);
      earlier.kick();
    });

    const released: string[] = [];
    const later = runner({ 'release-model': async ({ data }) => void released.push(data.applicationId) });
    await later.start();
    await later.drain();
    expect(released).toEqual(['app_a']);
    expect(await database.db.select().from(localJobs)).toEqual([]);
    await later.stop();
  });

  it('drops, and logs, a job that was in hand at its last attempt', async () => {
    await runKilledInTheMiddle(async (first) => {
      await sendRelease(first);
      first.kick();
    });
    await runKilledInTheMiddle((second) => second.start());
    await runKilledInTheMiddle((third) => third.start());

    const log = testLog();
    const handler = vi.fn(async () => {});
    const fourth = runner({ 'release-model': handler }, log);
    await fourth.start();
    await fourth.drain();
    expect(handler).not.toHaveBeenCalled();
    expect(await database.db.select().from(localJobs)).toEqual([]);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ name: 'release-model', attempts: 3 }), expect.stringMatching(/last attempt/));
    await fourth.stop();
  });
});

// On a PostgreSQL server (`bash scripts/with-postgres.sh npx vitest run --project postgres`): a capture loop runs on
// one instance at a time, however many instances run jobs.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createScratchDatabase } from '../testing/test-app';
import { createPgBossRunner } from './pg-boss-runner';
import type { JobHandlers, JobQueue } from './queue';
import { openDatabase, type DatabaseHandle } from '../db';

describe('a capture loop on pg-boss', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: DatabaseHandle;
  const runners: JobQueue[] = [];
  beforeAll(async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error('The capture loop test needs a PostgreSQL server: run it through scripts/with-postgres.sh.');
    scratch = await createScratchDatabase(serverUrl);
    database = await openDatabase({ databaseUrl: scratch.url });
  });
  afterAll(async () => {
    await Promise.all(runners.map((runner) => runner.stop()));
    await database.close();
    await scratch.drop();
  });

  it('runs each capture once, one at a time, on whichever of two instances takes it', async () => {
    const runs: { instance: number; start: number; end: number }[] = [];
    const rounds = 6;
    let finished: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (finished = resolve));
    const handlersOf = (instance: number): Partial<JobHandlers> => ({
      capture: async ({ data }) => {
        const start = performance.now();
        await new Promise((resolve) => setTimeout(resolve, 150)); // a frame being fetched
        runs.push({ instance, start, end: performance.now() });
        if (runs.length >= rounds) return finished();
        // as run-capture.ts: the next capture of the loop, sent while this one still runs
        await database.db.transaction((tx) => runners[instance]!.send(tx, 'capture', data, { singletonKey: `${data.applicationId}:${data.generation}`, startAfterSeconds: 0.2 }));
      },
    });
    for (const instance of [0, 1]) {
      const runner = createPgBossRunner({
        connectionString: scratch.url,
        db: database.db,
        runsJobs: true,
        timeoutSeconds: 30,
        handlers: handlersOf(instance) as JobHandlers,
        periodic: [],
        log: { error: vi.fn() } as unknown as FastifyBaseLogger,
      });
      runners.push(runner);
      await runner.start();
    }
    const first = { tenantId: 'ten_a', applicationId: 'app_camera', generation: 1 };
    // both instances start the loop (the application was saved twice at once): one job waits
    for (const runner of runners) await database.db.transaction((tx) => runner.send(tx, 'capture', first, { singletonKey: 'app_camera:1' }));
    await done;
    await new Promise((resolve) => setTimeout(resolve, 1500)); // a second loop would show by now
    expect(runs.length).toBe(rounds);
    const ordered = [...runs].sort((a, b) => a.start - b.start);
    for (let i = 1; i < ordered.length; i += 1) expect(ordered[i]!.start).toBeGreaterThanOrEqual(ordered[i - 1]!.end - 1);
  });
});

// On a PostgreSQL server (`bash scripts/with-postgres.sh npx vitest run --project postgres`): pg-boss's workers give
// one tenant's hanging captures their share only, and run the processing of uploads beside them.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type DatabaseHandle } from '../db';
import { playLaneScenario } from '../testing/lane-scenario';
import { createScratchDatabase } from '../testing/test-app';
import { createPgBossRunner } from './pg-boss-runner';
import { TENANT_LANES, type JobHandlers } from './queue';

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let database: DatabaseHandle;
beforeAll(async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('The pg-boss lanes test needs a PostgreSQL server: run it through scripts/with-postgres.sh.');
  scratch = await createScratchDatabase(serverUrl);
  database = await openDatabase({ databaseUrl: scratch.url });
});
afterAll(async () => {
  await database.close();
  await scratch.drop();
});

describe('pg-boss workers, while one tenant’s captures hang', () => {
  it('run an upload’s processing and another tenant’s capture, and give the slow tenant no more than its share', async () => {
    const perTenant = TENANT_LANES.capture!.perTenant;
    const outcome = await playLaneScenario(
      database.db,
      (handlers) =>
        createPgBossRunner({
          connectionString: scratch.url,
          db: database.db,
          runsJobs: true,
          timeoutSeconds: 60,
          handlers: handlers as JobHandlers,
          periodic: [],
          log: { error: vi.fn() } as unknown as FastifyBaseLogger,
        }),
      perTenant,
    );
    expect(outcome).toEqual({ slowInHand: perTenant, slowRan: 3 });
  });
});

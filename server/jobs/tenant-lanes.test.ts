import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db';
import { playLaneScenario } from '../testing/lane-scenario';
import { openTestDatabase } from '../testing/test-app';
import { createLocalRunner } from './local-runner';
import { TENANT_LANES, type JobHandlers } from './queue';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('the embedded job runner, while one tenant’s captures hang', () => {
  it('runs an upload’s processing and another tenant’s capture, and gives the slow tenant no more than its share', async () => {
    const perTenant = TENANT_LANES.capture!.perTenant;
    const outcome = await playLaneScenario(
      database.db,
      (handlers) => createLocalRunner({ db: database.db, handlers: handlers as JobHandlers, periodic: [], log: { error: vi.fn() } as unknown as FastifyBaseLogger }),
      perTenant,
    );
    expect(outcome).toEqual({ slowInHand: perTenant, slowRan: 3 });
  });
});

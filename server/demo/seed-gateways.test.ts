import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gateways } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/test-app';
import { seedGateways } from './seed-gateways';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ seed: true });
});
afterAll(() => testApp.close());

describe('seedGateways', () => {
  it('adds two gateways to the demo tenant, each with a current report newer than its previous one, once', async () => {
    const tenantId = testApp.demo!.tenantIds.demoLab;
    expect(await seedGateways(testApp.db, tenantId, 1_700_000_000)).toBe(2);
    expect(await seedGateways(testApp.db, tenantId, 1_700_000_000)).toBe(0);

    const rows = await testApp.db.select().from(gateways).where(eq(gateways.tenantId, tenantId));
    expect(rows.map((row) => row.name).sort()).toEqual(['Line 1 edge box', 'Packing station']);
    for (const row of rows) {
      expect(row.currentStatus?.timestamp).toBeGreaterThan(row.previousStatus?.timestamp ?? Infinity);
      expect(row.currentStatus?.timestamp).toBeLessThanOrEqual(1_700_000_000);
      const memory = row.currentStatus?.platform?.sys_mem;
      expect(Number.isInteger(memory?.free)).toBe(true);
      expect(Object.keys(row.currentStatus?.cameras ?? {})).toHaveLength(1);
    }
    expect(rows.some((row) => row.currentStatus?.cloud_connectivity === false)).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../db';
import { memberships } from '../db/schema';
import { seedIdentity, type DemoIdentity } from '../demo/seed-identity';
import { openTestDatabase } from '../testing/test-app';
import { MemberRoles } from './member-roles';

let database: DatabaseHandle;
let demo: DemoIdentity;

beforeAll(async () => {
  database = await openTestDatabase();
  demo = await seedIdentity(database.db);
});
afterAll(() => database.close());

const removeMembership = (tenantId: string, userId: string) =>
  database.db.delete(memberships).where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)));

describe('MemberRoles', () => {
  it('finds a role once and keeps it until it expires', async () => {
    let now = 1_000;
    const roles = new MemberRoles(database.db, { ttlMs: 500, now: () => now });
    const { demoLab } = demo.tenantIds;
    const { labeller, admin } = demo.userIds;
    expect(await roles.roleOf(demoLab, admin)).toBe('tenant_admin');
    expect(await roles.roleOf(demoLab, labeller)).toBe('tenant_user');

    await removeMembership(demoLab, labeller);
    expect(await roles.roleOf(demoLab, labeller)).toBe('tenant_user');
    now += 500;
    expect(await roles.roleOf(demoLab, labeller)).toBeNull();

    await database.db.insert(memberships).values({ tenantId: demoLab, userId: labeller, role: 'tenant_user' });
    expect(await roles.roleOf(demoLab, labeller)).toBe('tenant_user');
  });

  it('does not remember a missing membership, and forgets the oldest entry when full', async () => {
    const roles = new MemberRoles(database.db, { maxEntries: 1 });
    const { harbour, demoLab } = demo.tenantIds;
    const { labeller, admin } = demo.userIds;
    expect(await roles.roleOf(harbour, labeller)).toBeNull();
    await database.db.insert(memberships).values({ tenantId: harbour, userId: labeller, role: 'tenant_user' });
    expect(await roles.roleOf(harbour, labeller)).toBe('tenant_user');

    expect(await roles.roleOf(demoLab, admin)).toBe('tenant_admin');
    await removeMembership(harbour, labeller);
    expect(await roles.roleOf(harbour, labeller)).toBeNull();
  });
});

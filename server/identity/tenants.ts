import { and, asc, eq } from 'drizzle-orm';
import type { Tenant, TenantListItem, TenantRole, TenantUser } from '../../src/api/schemas/identity';
import type { Database } from '../db';
import { newId } from '../db/ids';
import { memberships, tenants, users } from '../db/schema';
import type { UserRow } from './users';
import { toUnixSeconds } from '../db/unix-time';

export type TenantRow = typeof tenants.$inferSelect;

export function toTenant(row: TenantRow): Tenant {
  return {
    tenant_id: row.id,
    type: row.type,
    name: row.name,
    created_at: toUnixSeconds(row.createdAt),
    modified_at: toUnixSeconds(row.modifiedAt),
    cloud_region: row.cloudRegion,
    region: null,
    created_by: row.createdBy,
  };
}

export async function findTenant(db: Database, tenantId: string): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
  return row;
}

export async function findTenantByName(db: Database, name: string): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(and(eq(tenants.type, 'orgtenant'), eq(tenants.name, name)));
  return row;
}

/** Creates an `orgtenant` whose creator is its first tenant_admin. */
export async function createOrgTenant(db: Database, name: string, creator: UserRow): Promise<TenantRow> {
  return db.transaction(async (tx) => {
    const [tenant] = await tx
      .insert(tenants)
      .values({ id: newId('ten'), type: 'orgtenant', name, cloudRegion: 'local', createdBy: creator.email })
      .returning();
    await tx.insert(memberships).values({ tenantId: tenant!.id, userId: creator.id, role: 'tenant_admin' });
    return tenant!;
  });
}

/** Adds the user to the tenant with the role; a user already in it keeps their role. */
export async function addMember(db: Database, tenantId: string, userId: string, role: TenantRole): Promise<void> {
  await db.insert(memberships).values({ tenantId, userId, role }).onConflictDoNothing();
}

export async function findMembership(
  db: Database,
  tenantId: string,
  userId: string,
): Promise<{ role: TenantRole; tenant: TenantRow } | undefined> {
  const [row] = await db
    .select({ role: memberships.role, tenant: tenants })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)));
  return row;
}

export async function listUserTenants(db: Database, userId: string): Promise<TenantListItem[]> {
  return db
    .select({ tenant_id: tenants.id, type: tenants.type, name: tenants.name })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(tenants.name), asc(tenants.id));
}

export async function listTenantUsers(db: Database, tenantId: string): Promise<TenantUser[]> {
  return db
    .select({ user_id: users.id, email: users.email, given_name: users.givenName, surname: users.surname, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.tenantId, tenantId))
    .orderBy(asc(users.email));
}

import { and, eq } from 'drizzle-orm';
import type { TenantRole } from '../../src/api/schemas/identity';
import type { Database } from '../db';
import { memberships } from '../db/schema';

export interface MemberRolesOptions {
  /** How long a role found stays in memory. */
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

/**
 * The tenant role of each bearer token's user, looked up in the database once a minute at most rather than on every
 * request. Memberships are only ever added (the interface has no call that removes a member or changes a role), so a
 * role once found stays true; the expiry bounds how long a membership an operator deletes in the database keeps
 * working. A missing membership is not remembered, so a new one counts at once.
 */
export class MemberRoles {
  private readonly roles = new Map<string, { role: TenantRole; expiresAt: number }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Database,
    options: MemberRolesOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  async roleOf(tenantId: string, userId: string): Promise<TenantRole | null> {
    const key = `${tenantId} ${userId}`;
    const now = this.now();
    const known = this.roles.get(key);
    if (known && known.expiresAt > now) return known.role;
    const [row] = await this.db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)));
    this.roles.delete(key);
    if (!row) return null;
    if (this.roles.size >= this.maxEntries) this.roles.delete(this.roles.keys().next().value!);
    this.roles.set(key, { role: row.role, expiresAt: now + this.ttlMs });
    return row.role;
  }
}

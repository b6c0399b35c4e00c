import { and, asc, eq, inArray } from 'drizzle-orm';
import type { User } from '../../src/api/schemas/identity';
import { normalizeEmail } from '../../src/api/schemas/email';
import { hashPassword } from '../auth/passwords';
import type { Database } from '../db';
import { newId } from '../db/ids';
import { memberships, tenants, users } from '../db/schema';
import { conflict } from '../errors';
import { toUnixSeconds } from '../db/unix-time';

export type UserRow = typeof users.$inferSelect;

export interface NewUser {
  email: string;
  password: string;
  givenName?: string | null;
  surname?: string | null;
  /** Whether the user gets their own `usertenant` (default true, as `POST /1/users` does). */
  personalTenant?: boolean;
}


export function toUser(row: UserRow): User {
  return {
    user_id: row.id,
    email: row.email,
    given_name: row.givenName,
    surname: row.surname,
    created_at: toUnixSeconds(row.createdAt),
  };
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, normalizeEmail(email)));
  return row;
}

export async function findUserById(db: Database, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/** The users with these ids who are members of the tenant, by email. */
export async function findTenantUsers(db: Database, tenantId: string, userIds: readonly string[]): Promise<UserRow[]> {
  return db
    .select({ user: users })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.tenantId, tenantId)))
    .where(inArray(users.id, [...userIds]))
    .orderBy(asc(users.email))
    .then((rows) => rows.map((row) => row.user));
}

/** Creates the user and their own `usertenant`, in which they are tenant_admin. A taken email is 409. */
export async function createUser(db: Database, input: NewUser): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction((tx) => insertUser(tx, input, passwordHash));
}

/**
 * Inserts the user (the password hashed already, so that no transaction waits on the hash) and, unless
 * `personalTenant` is false, their own `usertenant`. A taken email is 409.
 */
export async function insertUser(db: Database, input: Omit<NewUser, 'password'>, passwordHash: string): Promise<UserRow> {
  const email = normalizeEmail(input.email);
  const [user] = await db
    .insert(users)
    .values({ id: newId('usr'), email, passwordHash, givenName: input.givenName ?? null, surname: input.surname ?? null })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!user) throw conflict('An account with this email already exists.');
  if (input.personalTenant === false) return user;
  const [tenant] = await db
    .insert(tenants)
    .values({ id: newId('ten'), type: 'usertenant', name: email, cloudRegion: 'local', createdBy: email })
    .returning({ id: tenants.id });
  await db.insert(memberships).values({ tenantId: tenant!.id, userId: user.id, role: 'tenant_admin' });
  return user;
}

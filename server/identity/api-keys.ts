import { and, asc, count, eq } from 'drizzle-orm';
import { API_KEYS_PER_USER_MAX } from '../../src/api/limits';
import type { ApiKey, CreatedApiKey } from '../../src/api/schemas/api-keys';
import { generateApiKey, parseApiKey, secretMatches } from '../auth/api-keys';
import type { SignedInUser } from '../auth/context';
import type { Database } from '../db';
import { apiKeys, users } from '../db/schema';
import { conflict, notFound } from '../errors';
import { toUnixSeconds } from '../db/unix-time';

type ApiKeyRow = typeof apiKeys.$inferSelect;

const toApiKey = (row: ApiKeyRow): ApiKey => ({
  key_id: row.keyId,
  user_id: row.userId,
  description: row.description,
  created_at: toUnixSeconds(row.createdAt),
  last_used_at: row.lastUsedAt ? toUnixSeconds(row.lastUsedAt) : null,
});

const apiKeyNotFound = () => notFound('API key not found.');

/** A new key for the user: the answer is the only place the key itself ever appears. */
export async function createApiKey(db: Database, userId: string, description: string): Promise<CreatedApiKey> {
  return db.transaction(async (tx) => {
    // Serialises one user's creations, so that two at once cannot pass the limit together.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [held] = await tx.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, userId));
    if ((held?.n ?? 0) >= API_KEYS_PER_USER_MAX) {
      throw conflict(`You hold ${API_KEYS_PER_USER_MAX} API keys already: revoke one you no longer use first.`);
    }
    const { keyId, key, secretSha256 } = generateApiKey();
    const [row] = await tx.insert(apiKeys).values({ keyId, userId, description, secretSha256 }).returning();
    return { ...toApiKey(row!), api_key: key };
  });
}

/** The user's keys, oldest first. */
export async function listApiKeys(db: Database, userId: string): Promise<ApiKey[]> {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(asc(apiKeys.createdAt), asc(apiKeys.keyId));
  return rows.map(toApiKey);
}

/** One of the user's keys; another user's key, or none, is 404. */
export async function getApiKey(db: Database, userId: string, keyId: string): Promise<ApiKey> {
  const [row] = await db.select().from(apiKeys).where(and(eq(apiKeys.keyId, keyId), eq(apiKeys.userId, userId)));
  if (!row) throw apiKeyNotFound();
  return toApiKey(row);
}

/** Revokes one of the user's keys: it is deleted and never accepted again. Another user's key, or none, is 404. */
export async function revokeApiKey(db: Database, userId: string, keyId: string): Promise<void> {
  const deleted = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.keyId, keyId), eq(apiKeys.userId, userId)))
    .returning({ keyId: apiKeys.keyId });
  if (deleted.length === 0) throw apiKeyNotFound();
}

/** The user whose key this is (and notes its use), or null for a malformed, unknown, revoked or wrong key. */
export async function userOfApiKey(db: Database, key: string): Promise<SignedInUser | null> {
  const parsed = parseApiKey(key);
  if (!parsed) return null;
  const [row] = await db
    .select({ secretSha256: apiKeys.secretSha256, userId: users.id, email: users.email })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.keyId, parsed.keyId));
  if (!row || !secretMatches(parsed.secret, row.secretSha256)) return null;
  await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.keyId, parsed.keyId));
  return { userId: row.userId, email: row.email };
}

import { and, eq } from 'drizzle-orm';
import type { Database } from '../db';
import { idempotencyKeys } from '../db/schema';
import { DomainError } from '../errors';

/** Who posted an answer, whose Idempotency-Keys are theirs. */
export interface FeedbackAuthor {
  tenantId: string;
  userId: string;
}

/** A retry with an already recorded key changes nothing; the same key with another body is a client's mistake. */
export async function checkRetry(db: Database, author: FeedbackAuthor, key: string, requestHash: string): Promise<void> {
  const [existing] = await db
    .select({ requestHash: idempotencyKeys.requestHash })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.tenantId, author.tenantId),
        eq(idempotencyKeys.userId, author.userId),
        eq(idempotencyKeys.idempotencyKey, key),
      ),
    );
  if (existing && existing.requestHash !== requestHash) {
    throw new DomainError('key-reused', 'This Idempotency-Key was already used for a different feedback body.');
  }
}

/**
 * Records the answer's key, as `submit_feedback` does for other answers: false when the key was recorded before (a
 * retry, which changes nothing), and key-reused when it was recorded for another body.
 */
export async function claimIdempotencyKey(db: Database, author: FeedbackAuthor, key: string, requestHash: string, now: number): Promise<boolean> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ tenantId: author.tenantId, userId: author.userId, idempotencyKey: key, requestHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.idempotencyKey });
  if (inserted.length > 0) return true;
  await checkRetry(db, author, key, requestHash);
  return false;
}

import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { CallbackConfig } from '../config';
import type { Database } from '../db';
import { rowsOf } from '../db/json-row';
import { callbackBlacklist, callbackOutbox } from '../db/schema';

/** At most this many posts are sent at once per worker run. */
const BATCH_SIZE = 20;

export const signatureOf = (body: string, secret: string): string =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

interface ClaimedPost {
  id: number;
  url: string;
  body: string;
  attempts: number;
  first_attempt_at: number | null;
  callback_secret: string;
}

type Outcome = { ok: true } | { ok: false; error: string };

export interface DeliveryDeps {
  db: Database;
  settings: CallbackConfig;
  userAgent: string;
}

/**
 * Claims due posts (pushing their next attempt past the delivery timeout, so that another worker on the same
 * database skips them, and a worker that dies mid-post leaves them to be retried).
 */
async function claimDue(db: Database, settings: CallbackConfig, now: number): Promise<ClaimedPost[]> {
  const leaseUntil = now + settings.timeoutMilliseconds / 1000 + 1;
  const result = await db.execute(sql`
    UPDATE callback_outbox AS o SET next_attempt_at = ${leaseUntil}
    FROM applications AS a
    WHERE a.application_id = o.app_id AND o.id IN (
      SELECT id FROM callback_outbox
      WHERE status = 'pending' AND next_attempt_at <= ${now}
      ORDER BY next_attempt_at, id
      LIMIT ${BATCH_SIZE}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING o.id, o.url, o.body, o.attempts, o.first_attempt_at, a.callback_secret`);
  return rowsOf<ClaimedPost>(result).map((row) => ({ ...row, id: Number(row.id) }));
}

async function isBlacklisted(db: Database, url: string, now: number): Promise<boolean> {
  const [row] = await db.select().from(callbackBlacklist).where(eq(callbackBlacklist.url, url));
  return row !== undefined && row.until > now;
}

async function post(post: ClaimedPost, deps: DeliveryDeps): Promise<Outcome> {
  try {
    const response = await fetch(post.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': deps.userAgent,
        'X-Signature-256': signatureOf(post.body, post.callback_secret),
      },
      body: post.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(deps.settings.timeoutMilliseconds),
    });
    await response.body?.cancel();
    return response.ok ? { ok: true } : { ok: false, error: `HTTP ${response.status}` };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * A failed post is retried with doubling waits until the retry window from its first attempt has passed (the
 * last retry falls on the window's end); then it fails for good and its URL is blacklisted.
 */
async function recordFailure(deps: DeliveryDeps, claimed: ClaimedPost, error: string, now: number): Promise<void> {
  const { db, settings } = deps;
  const attempts = claimed.attempts + 1;
  const firstAttemptAt = claimed.first_attempt_at ?? now;
  const windowEnd = firstAttemptAt + settings.retryWindowSeconds;
  if (now >= windowEnd) {
    await db.transaction(async (tx) => {
      await tx
        .update(callbackOutbox)
        .set({ attempts, firstAttemptAt, status: 'failed', lastError: error })
        .where(eq(callbackOutbox.id, claimed.id));
      const until = now + settings.blacklistSeconds;
      await tx
        .insert(callbackBlacklist)
        .values({ url: claimed.url, until })
        .onConflictDoUpdate({ target: callbackBlacklist.url, set: { until } });
    });
    return;
  }
  const backoff = settings.firstRetrySeconds * 2 ** (attempts - 1);
  await db
    .update(callbackOutbox)
    .set({ attempts, firstAttemptAt, nextAttemptAt: Math.min(now + backoff, windowEnd), lastError: error })
    .where(eq(callbackOutbox.id, claimed.id));
}

async function deliver(deps: DeliveryDeps, claimed: ClaimedPost, now: () => number): Promise<void> {
  if (await isBlacklisted(deps.db, claimed.url, now())) {
    await deps.db
      .update(callbackOutbox)
      .set({ status: 'failed', lastError: 'The URL is blacklisted after failing deliveries.' })
      .where(eq(callbackOutbox.id, claimed.id));
    return;
  }
  const attemptedAt = now();
  const outcome = await post(claimed, deps);
  if (outcome.ok) {
    await deps.db
      .update(callbackOutbox)
      .set({
        status: 'delivered',
        attempts: claimed.attempts + 1,
        firstAttemptAt: claimed.first_attempt_at ?? attemptedAt,
        lastError: null,
      })
      .where(eq(callbackOutbox.id, claimed.id));
  } else {
    await recordFailure(deps, claimed, outcome.error, now());
  }
}

/** Sends every due post once. Returns how many were attempted. */
export async function deliverDuePosts(deps: DeliveryDeps, now = () => Date.now() / 1000): Promise<number> {
  const claimed = await claimDue(deps.db, deps.settings, now());
  await Promise.all(claimed.map((row) => deliver(deps, row, now)));
  return claimed.length;
}

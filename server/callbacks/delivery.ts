import { createHmac } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { CallbackConfig } from '../config';
import type { Database } from '../db';
import { rowsOf } from '../db/json-row';
import { callbackBlacklist, callbackOutbox } from '../db/schema';
import type { CallbackAddressRules } from '../net/address-rule';
import { redactSecrets } from '../net/redact';
import { sendPost } from './send';

/** At most this many posts are in flight at once per worker. */
const MAX_IN_FLIGHT = 32;
/**
 * At most this many posts to one tenant's URL are in flight at once per worker: a receiver that hangs holds only
 * these, and every other target keeps the rest of the slots.
 */
const MAX_IN_FLIGHT_PER_TARGET = 4;

export const signatureOf = (body: string, secret: string): string =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

interface ClaimedPost {
  id: number;
  tenant_id: string;
  url: string;
  body: string;
  attempts: number;
  first_attempt_at: number | null;
  callback_secret: string;
}

/** A target of delivery: the blacklist, and the share of the worker's slots, are per tenant and URL. */
interface Target {
  tenantId: string;
  url: string;
  inFlight: number;
}

const targetKey = (tenantId: string, url: string) => JSON.stringify([tenantId, url]);

export interface DeliveryDeps {
  db: Database;
  settings: CallbackConfig;
  userAgent: string;
  addresses: CallbackAddressRules;
}

/**
 * Claims up to `limit` due posts, at most {@link MAX_IN_FLIGHT_PER_TARGET} per tenant and URL counting those already
 * in flight, pushing their next attempt past the delivery timeout (so that another worker on the same database
 * skips them, and a worker that dies mid-post leaves them to be retried).
 */
async function claimDue(deps: DeliveryDeps, now: number, limit: number, busy: Target[]): Promise<ClaimedPost[]> {
  const leaseUntil = now + deps.settings.timeoutMilliseconds / 1000 + 1;
  const busyJson = JSON.stringify(busy.map((target) => [target.tenantId, target.url, target.inFlight]));
  const result = await deps.db.execute(sql`
    WITH busy AS (
      SELECT b->>0 AS tenant_id, b->>1 AS url, (b->>2)::int AS in_flight FROM jsonb_array_elements(${busyJson}::jsonb) AS b
    ), ranked AS (
      SELECT o.id, o.next_attempt_at,
        coalesce(busy.in_flight, 0) + row_number() OVER (PARTITION BY a.tenant_id, o.url ORDER BY o.next_attempt_at, o.id) AS place
      FROM callback_outbox AS o
      JOIN applications AS a ON a.application_id = o.app_id
      LEFT JOIN busy ON busy.tenant_id = a.tenant_id AND busy.url = o.url
      WHERE o.status = 'pending' AND o.next_attempt_at <= ${now}
    )
    UPDATE callback_outbox AS o SET next_attempt_at = ${leaseUntil}
    FROM applications AS a
    WHERE a.application_id = o.app_id AND o.id IN (
      SELECT c.id FROM callback_outbox AS c
      WHERE c.status = 'pending' AND c.next_attempt_at <= ${now} AND c.id IN (
        SELECT id FROM ranked WHERE place <= ${MAX_IN_FLIGHT_PER_TARGET} ORDER BY next_attempt_at, id LIMIT ${limit}
      )
      FOR UPDATE SKIP LOCKED
    )
    RETURNING o.id, a.tenant_id, o.url, o.body, o.attempts, o.first_attempt_at, a.callback_secret`);
  return rowsOf<ClaimedPost>(result).map((row) => ({ ...row, id: Number(row.id) }));
}

async function isBlacklisted(db: Database, claimed: ClaimedPost, now: number): Promise<boolean> {
  const [row] = await db
    .select()
    .from(callbackBlacklist)
    .where(and(eq(callbackBlacklist.tenantId, claimed.tenant_id), eq(callbackBlacklist.url, claimed.url)));
  return row !== undefined && row.until > now;
}

/**
 * A failed post is retried with doubling waits until the retry window from its first attempt has passed (the
 * last retry falls on the window's end); then it fails for good and its URL is blacklisted for its tenant.
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
        .values({ tenantId: claimed.tenant_id, url: claimed.url, until })
        .onConflictDoUpdate({ target: [callbackBlacklist.tenantId, callbackBlacklist.url], set: { until } });
    });
    return;
  }
  const backoff = settings.firstRetrySeconds * 2 ** (attempts - 1);
  await db
    .update(callbackOutbox)
    .set({ attempts, firstAttemptAt, nextAttemptAt: Math.min(now + backoff, windowEnd), lastError: error })
    .where(eq(callbackOutbox.id, claimed.id));
}

async function deliver(deps: DeliveryDeps, claimed: ClaimedPost, now: () => number, stopping: AbortSignal): Promise<void> {
  const { db } = deps;
  if (await isBlacklisted(db, claimed, now())) {
    await db
      .update(callbackOutbox)
      .set({ status: 'failed', lastError: 'The URL is blacklisted after failing deliveries.' })
      .where(eq(callbackOutbox.id, claimed.id));
    return;
  }
  const attemptedAt = now();
  const outcome = await sendPost(
    {
      url: claimed.url,
      body: claimed.body,
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': deps.userAgent,
        'X-Signature-256': signatureOf(claimed.body, claimed.callback_secret),
      },
    },
    { addresses: deps.addresses, timeoutMilliseconds: deps.settings.timeoutMilliseconds, stopping },
  );
  switch (outcome.kind) {
    case 'stopped':
      // The service is closing: the post stays pending and is sent again once its claim runs out.
      return;
    case 'delivered':
      await db
        .update(callbackOutbox)
        .set({
          status: 'delivered',
          attempts: claimed.attempts + 1,
          firstAttemptAt: claimed.first_attempt_at ?? attemptedAt,
          lastError: null,
        })
        .where(eq(callbackOutbox.id, claimed.id));
      return;
    case 'refused':
      // The address rule forbids the target: retrying would not change that, and the URL is not at fault for
      // being slow or down, so it fails at once without blacklisting.
      await db
        .update(callbackOutbox)
        .set({ status: 'failed', attempts: claimed.attempts, lastError: redactSecrets(outcome.error) })
        .where(eq(callbackOutbox.id, claimed.id));
      return;
    case 'failed':
      await recordFailure(deps, claimed, redactSecrets(outcome.error), now());
  }
}

export interface CallbackDispatcher {
  /**
   * Claims the due posts that free slots allow and starts sending them, without waiting for them: a slow receiver
   * delays only its own posts. Returns how many were started.
   */
  dispatch(): Promise<number>;
  /** Waits until no post is in flight. */
  settle(): Promise<void>;
  /** Stops taking posts, aborts those in flight (they stay pending) and waits for them to finish. */
  stop(): Promise<void>;
}

export function createCallbackDispatcher(
  deps: DeliveryDeps,
  onError: (error: unknown) => void,
  now = () => Date.now() / 1000,
): CallbackDispatcher {
  const running = new Set<Promise<void>>();
  const targets = new Map<string, Target>();
  const stopping = new AbortController();

  const start = (claimed: ClaimedPost) => {
    const key = targetKey(claimed.tenant_id, claimed.url);
    const target = targets.get(key) ?? { tenantId: claimed.tenant_id, url: claimed.url, inFlight: 0 };
    target.inFlight += 1;
    targets.set(key, target);
    const run: Promise<void> = deliver(deps, claimed, now, stopping.signal)
      .catch((error: unknown) => {
        if (!stopping.signal.aborted) onError(error);
      })
      .finally(() => {
        running.delete(run);
        target.inFlight -= 1;
        if (target.inFlight === 0) targets.delete(key);
      });
    running.add(run);
  };

  const settle = async () => {
    while (running.size > 0) await Promise.all(running);
  };

  return {
    dispatch: async () => {
      const free = MAX_IN_FLIGHT - running.size;
      if (free <= 0 || stopping.signal.aborted) return 0;
      const claimed = await claimDue(deps, now(), free, [...targets.values()]);
      if (stopping.signal.aborted) return 0; // left claimed: sent once the claim runs out, as after a restart
      claimed.forEach(start);
      return claimed.length;
    },
    settle,
    stop: async () => {
      stopping.abort();
      await settle();
    },
  };
}

import { inArray, lte, sql } from 'drizzle-orm';
import type { RateLimitConfig } from '../config';
import type { Database } from '../db';
import { rowsOf } from '../db/json-row';
import { rateLimitSlots } from '../db/schema';
import { normalizeEmail } from '../identity/users';
import type { PeriodicJob } from '../jobs/queue';

/** Slots taken (to give back with `release` when the attempt turns out not to count), or how long to wait. */
export type SlotResult = { ok: true; slots: number[] } | { ok: false; retryAfter: number };

interface KeyLimit {
  key: string;
  limit: number;
}

/**
 * Rate limits counted in the database, so that every instance of the service shares them. An attempt takes a slot
 * under each of its keys before it does the work being limited, all at once or not at all (in one statement that
 * locks the keys), so attempts made in parallel can never exceed a limit. A slot counts until its window ends,
 * unless it is released.
 */
export class RateLimiter {
  constructor(
    private readonly db: Database,
    private readonly config: RateLimitConfig,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * A failed-sign-in slot for the email as tried from the client address, and one for the address, taken before the
   * password is checked. The email is counted per address: failures from one address never lock the email's owner
   * out at another.
   */
  takeSignIn(email: string, address: string): Promise<SlotResult> {
    return this.take(
      [
        { key: `signin:email-from:${address}:${normalizeEmail(email)}`, limit: this.config.maxFailuresPerEmail },
        { key: `signin:addr:${address}`, limit: this.config.maxFailuresPerAddress },
      ],
      this.config.windowSeconds,
    );
  }

  /** A registration slot for the client address. */
  takeRegistration(address: string): Promise<SlotResult> {
    return this.take(
      [{ key: `register:addr:${address}`, limit: this.config.maxRegistrationsPerAddress }],
      this.config.registrationWindowSeconds,
    );
  }

  /** Gives slots back: the attempt does not count (a sign-in whose password was right). */
  async release(slots: number[]): Promise<void> {
    if (slots.length > 0) await this.db.delete(rateLimitSlots).where(inArray(rateLimitSlots.id, slots));
  }

  /** Removes the slots whose window has ended (taking a slot also removes its own keys' old ones). */
  async sweep(): Promise<void> {
    await this.db.delete(rateLimitSlots).where(lte(rateLimitSlots.expiresAt, this.now() / 1000));
  }

  private async take(keys: KeyLimit[], windowSeconds: number): Promise<SlotResult> {
    const now = this.now() / 1000;
    const request = JSON.stringify({ now, expires_at: now + windowSeconds, keys });
    const result = await this.db.execute(sql`SELECT take_rate_limit_slots(${request}::jsonb) AS taken`);
    const [row] = rowsOf<{ taken: { slots?: (number | string)[]; retry_after?: number } }>(result);
    const taken = row!.taken;
    if (taken.slots) return { ok: true, slots: taken.slots.map(Number) };
    return { ok: false, retryAfter: Math.max(1, Math.ceil(taken.retry_after ?? 1)) };
  }
}

/** Slots of keys nobody tries again would stay behind: they are swept every minute. */
export const rateLimitSweepJob = (limiter: RateLimiter): PeriodicJob => ({
  name: 'rate-limit-sweep',
  intervalSeconds: 60,
  run: () => limiter.sweep(),
});

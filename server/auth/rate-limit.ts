import type { RateLimitConfig } from '../config';

/**
 * Counts failed sign-ins per email and per client address in a sliding window (in memory, per process).
 * `retryAfter` answers how many seconds a key must wait, or 0 when it may try.
 */
export class SignInLimiter {
  private readonly failures = new Map<string, number[]>();
  private readonly windowMs: number;

  constructor(
    private readonly config: RateLimitConfig,
    private readonly now: () => number = Date.now,
  ) {
    this.windowMs = config.windowSeconds * 1000;
  }

  retryAfter(email: string, address: string): number {
    return Math.max(
      this.waitFor(`email:${email}`, this.config.maxFailuresPerEmail),
      this.waitFor(`addr:${address}`, this.config.maxFailuresPerAddress),
    );
  }

  recordFailure(email: string, address: string): void {
    const now = this.now();
    if (this.failures.size > 10_000) this.sweep(now);
    for (const key of [`email:${email}`, `addr:${address}`]) {
      this.failures.set(key, [...this.recent(key, now), now]);
    }
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((time) => time > now - this.windowMs);
  }

  private waitFor(key: string, max: number): number {
    const now = this.now();
    const recent = this.recent(key, now);
    if (recent.length < max) return 0;
    // The oldest failure that keeps the count at the limit must leave the window first.
    const blocking = recent[recent.length - max] ?? now;
    return Math.max(1, Math.ceil((blocking + this.windowMs - now) / 1000));
  }

  private sweep(now: number): void {
    for (const key of this.failures.keys()) {
      const recent = this.recent(key, now);
      if (recent.length === 0) this.failures.delete(key);
      else this.failures.set(key, recent);
    }
  }
}

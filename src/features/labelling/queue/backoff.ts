import { RateLimitedError } from '../../../api/errors';

export interface BackoffPolicy {
  readonly baseMs: number;
  readonly maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1000, maxMs: 30_000 };

/**
 * Exponential backoff with "equal jitter": the n-th consecutive failure waits between half and all of
 * base * 2^(n-1), capped at maxMs, so that many clients coming back at once do not retry in step.
 */
function backoffDelay(failures: number, policy: BackoffPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** A 429 says how long to wait (Retry-After), and that wins over the computed backoff. */
export function retryDelay(error: unknown, failures: number, policy: BackoffPolicy, random: () => number): number {
  if (error instanceof RateLimitedError) return error.retryAfterSeconds * 1000;
  return backoffDelay(failures, policy, random);
}

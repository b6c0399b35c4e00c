import { describe, expect, it } from 'vitest';
import { SignInLimiter } from './rate-limit';

describe('SignInLimiter', () => {
  it('blocks an email, then an address, and frees them as failures leave the window', () => {
    let now = 0;
    const limiter = new SignInLimiter({ windowSeconds: 60, maxFailuresPerEmail: 2, maxFailuresPerAddress: 3 }, () => now);

    limiter.recordFailure('a@x.test', '10.0.0.1');
    now = 10_000;
    expect(limiter.retryAfter('a@x.test', '10.0.0.1')).toBe(0);
    limiter.recordFailure('a@x.test', '10.0.0.1');
    // The first failure (t=0) leaves the 60 s window at t=60.
    expect(limiter.retryAfter('a@x.test', '10.0.0.2')).toBe(50);
    expect(limiter.retryAfter('b@x.test', '10.0.0.1')).toBe(0);

    limiter.recordFailure('b@x.test', '10.0.0.1');
    expect(limiter.retryAfter('c@x.test', '10.0.0.1')).toBe(50);
    expect(limiter.retryAfter('c@x.test', '10.0.0.9')).toBe(0);

    now = 60_001;
    expect(limiter.retryAfter('a@x.test', '10.0.0.1')).toBe(0);
  });
});

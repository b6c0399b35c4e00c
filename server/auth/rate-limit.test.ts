import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimitConfig } from '../config';
import type { DatabaseHandle } from '../db';
import { rateLimitSlots } from '../db/schema';
import { openTestDatabase } from '../testing/test-app';
import { RateLimiter, type SlotResult } from './rate-limit';

const config: RateLimitConfig = {
  windowSeconds: 60,
  maxFailuresPerEmail: 2,
  maxFailuresPerAddress: 3,
  registrationWindowSeconds: 100,
  maxRegistrationsPerAddress: 2,
};

let database: DatabaseHandle;
let now = 1_000_000;
let limiter: RateLimiter;

beforeAll(async () => {
  database = await openTestDatabase();
  limiter = new RateLimiter(database.db, config, () => now);
});
afterAll(() => database.close());

const retryAfter = (result: SlotResult) => (result.ok ? 0 : result.retryAfter);

describe('RateLimiter', () => {
  it('blocks an email from one address, then the address, and frees them as slots leave the window', async () => {
    expect((await limiter.takeSignIn('a@x.test', '10.0.0.1')).ok).toBe(true);
    now += 10_000;
    expect((await limiter.takeSignIn('A@x.test ', '10.0.0.1')).ok).toBe(true);
    // The first slot (t=0) leaves the 60 s window at t=60.
    expect(retryAfter(await limiter.takeSignIn('a@x.test', '10.0.0.1'))).toBe(50);
    // The same email from another address has its own count.
    expect((await limiter.takeSignIn('a@x.test', '10.0.0.2')).ok).toBe(true);
    // The address is at its limit (3) after one more failure, whatever the email.
    expect((await limiter.takeSignIn('b@x.test', '10.0.0.1')).ok).toBe(true);
    expect(retryAfter(await limiter.takeSignIn('c@x.test', '10.0.0.1'))).toBe(50);
    expect((await limiter.takeSignIn('c@x.test', '10.0.0.9')).ok).toBe(true);

    now += 50_001;
    expect((await limiter.takeSignIn('a@x.test', '10.0.0.1')).ok).toBe(true);
  });

  it('takes the slots of every key or of none', async () => {
    expect((await limiter.takeSignIn('d@x.test', '10.0.1.1')).ok).toBe(true);
    expect((await limiter.takeSignIn('d@x.test', '10.0.1.1')).ok).toBe(true);
    // The email is full from this address: the refused attempts take no slot of the address either.
    for (let i = 0; i < 5; i += 1) expect((await limiter.takeSignIn('d@x.test', '10.0.1.1')).ok).toBe(false);
    expect((await limiter.takeSignIn('e@x.test', '10.0.1.1')).ok).toBe(true);
    expect((await limiter.takeSignIn('f@x.test', '10.0.1.1')).ok).toBe(false);
  });

  it('counts a released slot no more', async () => {
    const first = await limiter.takeSignIn('f@x.test', '10.0.2.1');
    const second = await limiter.takeSignIn('f@x.test', '10.0.2.1');
    if (!first.ok || !second.ok) throw new Error('expected room');
    await limiter.release(second.slots);
    expect((await limiter.takeSignIn('f@x.test', '10.0.2.1')).ok).toBe(true);
    expect((await limiter.takeSignIn('f@x.test', '10.0.2.1')).ok).toBe(false);
  });

  it('never gives more slots than the limits to attempts made at once', async () => {
    const oneAddress = await Promise.all(Array.from({ length: 50 }, () => limiter.takeSignIn('g@x.test', '10.0.3.1')));
    expect(oneAddress.filter((result) => result.ok)).toHaveLength(config.maxFailuresPerEmail);
    const oneAddressManyEmails = await Promise.all(Array.from({ length: 50 }, (_, i) => limiter.takeSignIn(`h${i}@x.test`, '10.0.3.2')));
    expect(oneAddressManyEmails.filter((result) => result.ok)).toHaveLength(config.maxFailuresPerAddress);
  });

  it('limits registrations per address in their own window', async () => {
    expect((await limiter.takeRegistration('10.0.4.1')).ok).toBe(true);
    expect((await limiter.takeRegistration('10.0.4.1')).ok).toBe(true);
    expect(retryAfter(await limiter.takeRegistration('10.0.4.1'))).toBe(100);
    expect((await limiter.takeRegistration('10.0.4.2')).ok).toBe(true);
  });

  it('sweeps the slots whose window has ended', async () => {
    now += 200_000;
    await limiter.sweep();
    expect(await database.db.$count(rateLimitSlots)).toBe(0);
  });
});

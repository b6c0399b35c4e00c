import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../demo/seed-identity';
import { basicAuth, createTestApp, type TestApp } from '../testing/test-app';

// Counts the passwords that reach the (slow) check, whichever account they are for.
const checked = vi.hoisted(() => [] as string[]);
vi.mock('./passwords', async (importOriginal) => {
  const original = await importOriginal<typeof import('./passwords')>();
  return {
    ...original,
    verifyPassword: (password: string, stored: string) => {
      checked.push(password);
      return original.verifyPassword(password, stored);
    },
    verifyAgainstDecoy: (password: string) => {
      checked.push(password);
      return original.verifyAgainstDecoy(password);
    },
  };
});

const LIMIT = 10;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    config: {
      rateLimit: {
        windowSeconds: 900,
        maxFailuresPerEmail: LIMIT,
        maxFailuresPerAddress: 1000,
        registrationWindowSeconds: 3600,
        maxRegistrationsPerAddress: 3,
      },
    },
  });
});
afterAll(() => t.close());

const tenantsOf = (email: string, password: string, remoteAddress: string) =>
  t.inject({ method: 'GET', url: '/1/users/current/tenants', headers: { authorization: basicAuth(email, password) }, remoteAddress });

describe('the sign-in limit under parallel guesses', () => {
  it('lets at most the limit of 300 parallel wrong guesses from one address reach the password check', async () => {
    checked.length = 0;
    const guesses = Array.from({ length: 300 }, (_, i) => `wrong-guess-${i}`);
    const passwords = [...guesses.slice(0, 150), DEMO_PASSWORD, ...guesses.slice(150)];
    const responses = await Promise.all(
passwords.map((password) => tenantsOf('manager@demo.test', password, '10.1.0.1')));
    const statuses = responses.map((response) => response.statusCode);
    const count = (status: number) => statuses.filter((code) => code === status).length;
    console.log(`300 parallel wrong guesses + the right password: ${count(401)} × 401, ${count(429)} × 429, ${count(200)} × 200; ${checked.length} password checks`);

    expect(count(401) + count(429) + count(200)).toBe(301);
    expect(count(429)).toBeGreaterThan(0);
    expect(count(401)).toBeLessThanOrEqual(LIMIT);
    expect(checked.filter((password) => password !== DEMO_PASSWORD).length).toBeLessThanOrEqual(LIMIT);
    for (const response of responses.filter((candidate) => candidate.statusCode === 429)) {
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(response.json()).toEqual({ message: expect.stringMatching(/^Too many failed sign-ins/) });
    }
  });

  it('gives the slot back when the password is right: successes never lock anyone out', async () => {
    for (let i = 0; i < LIMIT + 5; i += 1) {
      expect((await tenantsOf('admin@demo.test', DEMO_PASSWORD, '10.2.0.1')).statusCode).toBe(200);
    }
  });
});

describe('failures for one email from one address', () => {
  it('lock out that address only: the owner signs in from another address', async () => {
    const attacker = '10.4.0.1';
    for (let i = 0; i < LIMIT; i += 1) expect((await tenantsOf('labeller@demo.test', `guess-${i}`, attacker)).statusCode).toBe(401);

    const victim = await tenantsOf('labeller@demo.test', DEMO_PASSWORD, '10.4.0.2');
    expect(victim.statusCode).toBe(200);
    const token = await t.inject({
      method: 'GET',
      url: '/1/token',
      headers: { authorization: basicAuth('labeller@demo.test', DEMO_PASSWORD) },
      remoteAddress: '10.4.0.2',
    });
    expect(token.statusCode).toBe(200);

    for (const password of ['guess-again', DEMO_PASSWORD]) {
      const refused = await tenantsOf('labeller@demo.test', password, attacker);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: expect.stringMatching(/^Too many failed sign-ins/) });
    }
  });
});

describe('the registration limit', () => {
  it('answers 429 with Retry-After to an address that made too many accounts', async () => {
    const register = (i: number, remoteAddress: string) =>
      t.inject({ method: 'POST', url: '/1/users', payload: { email: `new${i}@${remoteAddress}.test`, password: 'long enough' }, remoteAddress });
    for (let i = 0; i < 3; i += 1) expect((await register(i, '10.3.0.1')).statusCode).toBe(201);
    const refused = await register(3, '10.3.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ message: expect.stringMatching(/^Too many new accounts from this address/) });
    expect((await register(4, '10.3.0.2')).statusCode).toBe(201);
  });

  it('holds under parallel registrations from one address', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.inject({ method: 'POST', url: '/1/users', payload: { email: `burst${i}@example.test`, password: 'long enough' }, remoteAddress: '10.3.0.3' }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(3);
    expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(17);
  });
});

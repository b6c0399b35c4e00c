import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_MAX_BYTES } from '../src/api/limits';
import { DEMO_PASSWORD } from './demo/seed-identity';
import { basicAuth, createTestApp, type TestApp } from './testing/test-app';

let t: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'looplabel-dist-'));
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>Looplabel</title>');
  await writeFile(path.join(distDir, 'assets', 'app-1a2b.js'), 'console.log(1)');
  await writeFile(path.join(distDir, 'config.js'), "window.LOOPLABEL_CONFIG = { apiBaseUrl: 'https://api.example' };");
  t = await createTestApp({
    seed: true,
    config: { staticDir: distDir, rateLimit: { windowSeconds: 600, maxFailuresPerEmail: 3, maxFailuresPerAddress: 5, registrationWindowSeconds: 3600, maxRegistrationsPerAddress: 20 } },
  });
  t.app.get('/1/test-failure', async () => {
    throw new Error('connect ECONNREFUSED /var/run/postgresql: SELECT password_hash FROM users');
  });
});
afterAll(async () => {
  await t.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('request and error handling', () => {
  it('answers a body over 1 MiB with 413 and a message', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/1/users',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'big@example.com', password: 'x'.repeat(JSON_BODY_MAX_BYTES) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The request body is too large.' });
  });

  it('answers an unknown API route with a JSON 404', async () => {
    for (const [method, url] of [['GET', '/1/nothing-here'], ['POST', '/1/version'], ['DELETE', '/21/users/mfa/status']] as const) {
      const response = await t.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ message: expect.stringContaining(url) });
    }
  });

  it('answers a GET or HEAD that carries a body as if it had none', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await t.inject({ method, url: '/1/version', headers: { 'content-type': 'application/json' }, payload: '{broken' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('hides the details of a 5xx from the caller', async () => {
    const response = await t.inject({ method: 'GET', url: '/1/test-failure' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong on the service. Try again shortly.' });
    expect(response.body).not.toMatch(/postgres|SELECT|ECONNREFUSED/);
  });
});

describe('sign-in rate limit', () => {
  const tenants = (email: string, password: string, remoteAddress: string) =>
    t.inject({ method: 'GET', url: '/1/users/current/tenants', headers: { authorization: basicAuth(email, password) }, remoteAddress });

  it('blocks an email from an address after too many failures there, with Retry-After, whatever the password; successes do not count', async () => {
    for (let i = 0; i < 4; i += 1) expect((await tenants('manager@demo.test', DEMO_PASSWORD, '127.0.0.2')).statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await tenants('manager@demo.test', 'wrong', '127.0.0.2')).statusCode).toBe(401);

    // The email's owner at another address is not locked out.
    expect((await tenants('manager@demo.test', DEMO_PASSWORD, '127.0.0.3')).statusCode).toBe(200);
    const blocked = await tenants('manager@demo.test', DEMO_PASSWORD, '127.0.0.2');
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(blocked.json()).toEqual({ message: expect.stringMatching(/^Too many failed sign-ins/) });

    expect((await tenants('admin@demo.test', DEMO_PASSWORD, '127.0.0.2')).statusCode).toBe(200);
  });

  it('blocks an address after too many failures across emails, also for unknown emails', async () => {
    for (let i = 0; i < 5; i += 1) expect((await tenants(`ghost${i}@demo.test`, 'wrong', '127.0.0.4')).statusCode).toBe(401);
    const blocked = await tenants('labeller@demo.test', DEMO_PASSWORD, '127.0.0.4');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await tenants('labeller@demo.test', DEMO_PASSWORD, '127.0.0.5')).statusCode).toBe(200);
  });
});

describe('the single-page app', () => {
  it('serves index.html at / and for app paths, and fingerprinted assets as immutable', async () => {
    for (const url of ['/', '/review/app_123?x=1']) {
      const response = await t.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Looplabel</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    const asset = await t.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the runtime config from dist/config.js', async () => {
    const response = await t.inject({ method: 'GET', url: '/config.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.body).toContain("apiBaseUrl: 'https://api.example'");
  });

  it('does not answer a POST to an app path with the page', async () => {
    const response = await t.inject({ method: 'POST', url: '/review' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });
});

describe('a real socket', () => {
  it('listens on 127.0.0.1, answers fetch, and closes', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const version = await fetch(`${address}/1/version`);
    expect(version.status).toBe(200);
    expect(await version.json()).toMatchObject({ version: '1' });
    const tenants = await fetch(`${address}/1/users/current/tenants`, {
      headers: { authorization: basicAuth('admin@demo.test', DEMO_PASSWORD) },
    });
    expect(await tenants.json()).toMatchObject({ tenants: [{ name: 'Demo Lab' }, { name: 'Harbour Robotics' }] });
    await t.app.close();
    expect(t.app.server.listening).toBe(false);
  });
});

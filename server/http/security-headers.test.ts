import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

const EXPECTED_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join(';');

let t: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'looplabel-dist-'));
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>Looplabel</title>');
  await writeFile(path.join(distDir, 'assets', 'app-1a2b.js'), 'console.log(1)');
  await writeFile(path.join(distDir, 'assets', 'region.worker-3c4d.js'), 'self.onmessage = () => {}');
  t = await createTestApp({ seed: true, config: { staticDir: distDir } });
});
afterAll(async () => {
  await t.close();
  await rm(distDir, { recursive: true, force: true });
});

function expectSecurityHeaders(response: LightMyRequestResponse, csp = EXPECTED_CSP) {
  expect(response.headers['content-security-policy']).toBe(csp);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  // Over plain HTTP (loopback) there is no HSTS; the transport rules send it over TLS.
  expect(response.headers['strict-transport-security']).toBeUndefined();
}

describe('security headers', () => {
  it('allow exactly what the app needs, with no eval and no inline scripts', () => {
    expect(EXPECTED_CSP).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline|\*/);
  });

  it.each([
    ['the page', '/', /^text\/html/],
    ["a route of the app's own", '/applications/app_1/label', /^text\/html/],
    ['a script', '/assets/app-1a2b.js', /^(text|application)\/javascript/],
    ['the runtime config', '/config.js', /^text\/javascript/],
    ['an API route', '/1/version', /^application\/json/],
  ])('are on %s (%s)', async (_what, url, type) => {
    const response = await t.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(type);
    expectSecurityHeaders(response);
  });

  it("are on the app's worker, whose scripts alone may compile WebAssembly and use eval (OpenCV.js in click-to-box)", async () => {
    const response = await t.inject({ method: 'GET', url: '/assets/region.worker-3c4d.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expectSecurityHeaders(response, EXPECTED_CSP.replace("script-src 'self'", "script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'"));
  });

  it('are on API answers that are errors, and on a signed-in API answer', async () => {
    const unknown = await t.inject({ method: 'GET', url: '/1/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expectSecurityHeaders(unknown);
    const anonymous = await t.inject({ method: 'GET', url: '/1/users/current' });
    expect(anonymous.statusCode).toBe(401);
    expectSecurityHeaders(anonymous);
    const signedIn = await t.inject({ method: 'GET', url: '/1/users/current', headers: await t.demoAuth('manager@demo.test') });
    expect(signedIn.statusCode).toBe(200);
    expectSecurityHeaders(signedIn);
  });
});

import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('behind a trusted TLS-terminating proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: true } });
  });
  afterAll(() => t.close());

  it('refuses a request forwarded as plain HTTP with 403', async () => {
    for (const headers of [{ 'x-forwarded-proto': 'http' }, {}]) {
      const response = await t.inject({ method: 'GET', url: '/1/version', headers });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Use HTTPS: this service does not answer plain HTTP.' });
    }
  });

  it('answers a request forwarded as HTTPS, with HSTS', async () => {
    const response = await t.inject({ method: 'GET', url: '/1/version', headers: { 'x-forwarded-proto': 'https' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('serves a default runtime config when there is no built app', async () => {
    const response = await t.inject({ method: 'GET', url: '/config.js', headers: { 'x-forwarded-proto': 'https' } });
    expect(response.body).toBe("window.LOOPLABEL_CONFIG = { apiBaseUrl: '' };\n");
  });
});

describe('with its own certificate', () => {
  let t: TestApp;
  let certDir: string;
  beforeAll(async () => {
    certDir = await mkdtemp(path.join(os.tmpdir(), 'looplabel-tls-'));
    const certPath = path.join(certDir, 'cert.pem');
    const keyPath = path.join(certDir, 'key.pem');
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyPath, '-out', certPath,
    ], { stdio: 'ignore' });
    t = await createTestApp({ config: { tls: { certPath, keyPath } } });
  });
  afterAll(async () => {
    await t.close();
    await rm(certDir, { recursive: true, force: true });
  });

  it('answers over HTTPS on a real socket with Strict-Transport-Security', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    expect(address).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const ca = await readFile(path.join(certDir, 'cert.pem'));
    const { status, hsts, body } = await new Promise<{ status?: number; hsts?: string | string[]; body: string }>((resolve, reject) => {
      https
        .get(`${address}/1/version`, { ca, agent: false }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode, hsts: response.headers['strict-transport-security'], body }));
        })
        .on('error', reject);
    });
    expect(status).toBe(200);
    expect(hsts).toBe('max-age=31536000');
    expect(JSON.parse(body)).toMatchObject({ version: '1' });
  });
});

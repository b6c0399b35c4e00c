import { describe, expect, it } from 'vitest';
import type { Application } from '../../src/api/schemas/application';
import type { ErrorBody } from '../../src/api/types';
import { DEFAULT_CALLBACK_CONFIG } from '../config';
import { createTestApp, type TestApp } from '../testing/test-app';
import { admin, labeller, manager, send, createApp, useApplicationsApp } from '../testing/applications-fixture';

useApplicationsApp();

describe('the callback address rule', () => {
  const privateUrls = [
    'https://10.0.0.5/hook',
    'https://172.20.1.1/hook',
    'https://192.168.1.20/hook',
    'https://169.254.169.254/latest/meta-data/',
    'https://100.64.0.1/hook',
    'https://0.0.0.0/hook',
    'https://[::]/hook',
    'https://[fd00::1]/hook',
    'https://[fe80::1]/hook',
    'https://metadata.google.internal/computeMetadata/v1/',
  ];

  it.each(privateUrls)('refuses %s on create with 400 naming the URL', async (url) => {
    const response = await send('POST', '/1/applications', admin, { name: 'x', type: 'classification', detection_post_urls: [url] });
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorBody>();
    expect(body.message).toContain(url);
    expect(body.message).toMatch(/^Invalid detection_post_urls\.0: The URL .* may not receive callbacks: .*CALLBACK_ALLOWED_HOSTS/);
    expect(body.errors).toEqual([{ field: 'detection_post_urls.0', message: expect.stringContaining(url) }]);
  });

  it('refuses private targets in the settings of an application, in either list, and keeps the old ones', async () => {
    const app = await createApp({ name: 'Hooks', type: 'classification', detection_post_urls: ['https://hooks.example.com/a'] });
    const update = (body: Record<string, unknown>) => send('POST', `/1/applications/${app.application_id}`, manager, body);
    await send('POST', `/1/applications/${app.application_id}`, admin, { app_managers: ['manager@demo.test'] });

    const detection = await update({ detection_post_urls: ['https://hooks.example.com/b', 'https://192.168.1.20/hook'] });
    expect(detection.statusCode).toBe(400);
    expect(detection.json<ErrorBody>().message).toMatch(/^Invalid detection_post_urls\.1: The URL https:\/\/192\.168\.1\.20\/hook/);
    const gateway = await update({ gateway_post_urls: ['https://gateway.example.com/x', 'https://169.254.169.254/x'] });
    expect(gateway.statusCode).toBe(400);
    expect(gateway.json<ErrorBody>().errors?.map((error) => error.field)).toContain('gateway_post_urls.1');

    const read = await send('GET', `/1/applications/${app.application_id}`, labeller);
    expect(read.json<Application>()).toMatchObject({ detection_post_urls: ['https://hooks.example.com/a'], gateway_post_urls: [] });
    expect((await update({ detection_post_urls: ['https://hooks.example.com/c'] })).statusCode).toBe(200);
  });

  async function withService(config: Parameters<typeof createTestApp>[0], work: (other: TestApp, auth: Record<string, string>) => Promise<void>) {
    const other = await createTestApp({ seed: true, ...config });
    try {
      await work(other, await other.demoAuth('admin@demo.test', other.demo!.tenantIds.demoLab));
    } finally {
      await other.close();
    }
  }

  const create = (other: TestApp, auth: Record<string, string>, urls: string[]) =>
    other.inject({ method: 'POST', url: '/1/applications', headers: auth, payload: { name: 'x', type: 'classification', detection_post_urls: urls } });

  it("allows loopback while the service listens on loopback, except the service's own port", async () => {
    await withService({ config: { port: 8765 } }, async (other, auth) => {
      expect((await create(other, auth, ['http://127.0.0.1:9000/cb', 'http://localhost:9001/cb', 'http://[::1]:9002/cb'])).statusCode).toBe(201);
      for (const url of ['http://127.0.0.1:8765/1/version', 'http://localhost:8765/cb']) {
        const response = await create(other, auth, [url]);
        expect(response.statusCode).toBe(400);
        expect(response.json<ErrorBody>().message).toMatch(new RegExp(`${url.replace(/[/.]/g, '\\$&')} may not receive callbacks: .*this service itself`));
      }
    });
  });

  it('refuses loopback when the service listens beyond it, and allows the hosts CALLBACK_ALLOWED_HOSTS lists', async () => {
    const callbacks = { ...DEFAULT_CALLBACK_CONFIG, pollMilliseconds: 0, allowedHosts: ['10.0.0.5', 'localhost', '[fd00::1]'] };
    await withService({ config: { host: '0.0.0.0', port: 8443, callbacks } }, async (other, auth) => {
      const loopback = await create(other, auth, ['http://127.0.0.1:9000/cb']);
      expect(loopback.statusCode).toBe(400);
      expect(loopback.json<ErrorBody>().message).toMatch(/allowed only while the service listens on loopback/);
      const allowed = await create(other, auth, ['https://10.0.0.5/hook', 'http://localhost:9000/cb', 'https://[fd00::1]/hook']);
      expect(allowed.statusCode).toBe(201);
      expect((await create(other, auth, ['https://10.0.0.6/hook'])).statusCode).toBe(400);
    });
  });
});

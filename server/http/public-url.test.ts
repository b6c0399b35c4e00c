import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { publicBaseUrl } from './public-url';

describe('publicBaseUrl', () => {
  let plain: TestApp;
  let configured: TestApp;
  beforeAll(async () => {
    [plain, configured] = await Promise.all([
      createTestApp({ config: { trustProxy: '127.0.0.1' } }),
      createTestApp({ config: { publicUrl: 'https://label.example.org' } }),
    ]);
    for (const t of [plain, configured]) t.app.get('/1/test-base-url', async (request) => publicBaseUrl(request));
  });
  afterAll(() => Promise.all([plain.close(), configured.close()]));

  it('uses the origin of the request, as a trusted proxy forwarded it', async () => {
    const response = await plain.inject({
      method: 'GET',
      url: '/1/test-base-url',
      headers: { host: 'internal:8080', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'label.example.com' },
    });
    expect(response.body).toBe('https://label.example.com');
  });

  it('uses PUBLIC_URL when configured', async () => {
    const response = await configured.inject({ method: 'GET', url: '/1/test-base-url', headers: { host: 'elsewhere:1' } });
    expect(response.body).toBe('https://label.example.org');
  });
});

import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Media } from '../../src/api/schemas/media';
import { media } from '../db/schema';
import { makeImage } from '../media/test-images';
import { multipartBody } from '../testing/multipart-body';
import { createTestApp, type TestApp } from '../testing/test-app';

let png: Buffer;
beforeAll(async () => {
  png = await makeImage('png', 40, 30);
});

async function uploadAs(t: TestApp, host: string) {
  const body = await multipartBody([['file', png, 'shot.png'], ['allow_duplicate', 'true']]);
  const auth = await t.demoAuth('labeller@demo.test');
  return t.inject({ method: 'POST', url: '/1/media', headers: { ...auth, ...body.headers, host }, payload: body.payload });
}

describe('without PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  it('refuses a forged Host with 421 before anything is stored, so no link to another site is made', async () => {
    for (const host of ['evil.example', 'evil.example:8080', '10.9.9.9', 'localhost.evil.example']) {
      const response = await uploadAs(t, host);
      expect(response.statusCode).toBe(421);
      expect(response.json()).toEqual({ message: expect.stringMatching(/^This service does not answer for the host .*PUBLIC_URL/) });
    }
    expect(await t.db.$count(media)).toBe(0);
    const version = await t.inject({ method: 'GET', url: '/1/version', headers: { host: 'evil.example' } });
    expect(version.statusCode).toBe(421);
  });

  it('builds links from a loopback Host, whatever its port', async () => {
    for (const [host, origin] of [
      ['127.0.0.1:8080', 'http://127.0.0.1:8080/'],
      ['localhost:5173', 'http://localhost:5173/'],
      ['[::1]:9000', 'http://[::1]:9000/'],
    ] as const) {
      const response = await uploadAs(t, host);
      expect(response.statusCode).toBe(201);
      expect(response.json<Media>().media_url.startsWith(`${origin}media-files/`)).toBe(true);
    }
  });

  it('ignores X-Forwarded-Host from a proxy it does not trust', async () => {
    const auth = await t.demoAuth('labeller@demo.test');
    const response = await t.inject({
      method: 'GET',
      url: '/1/media/all/search?filename=shot.png&limit=1',
      headers: { ...auth, host: '127.0.0.1:8080', 'x-forwarded-host': 'evil.example' },
    });
    expect(response.statusCode).toBe(200);
    const [found] = response.json<{ data: Media[] }>().data;
    expect(found?.media_url.startsWith('http://127.0.0.1:8080/media-files/')).toBe(true);
  });

  it('answers 421 to a forged Host on a real socket, and serves the address it listens on', async () => {
    const address = new URL(await t.app.listen({ host: '127.0.0.1', port: 0 }));
    const get = (host: string) =>
      new Promise<{ status?: number; body: string }>((resolve, reject) => {
        http
          .get({ host: address.hostname, port: address.port, path: '/1/version', headers: { host }, agent: false }, (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () => resolve({ status: response.statusCode, body }));
          })
          .on('error', reject);
      });
    const forged = await get('evil.example');
    expect(forged.status).toBe(421);
    expect(JSON.parse(forged.body)).toEqual({ message: expect.stringContaining('PUBLIC_URL') });
    expect((await get(address.host)).status).toBe(200);
  });
});

describe('with PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, config: { publicUrl: 'https://labels.example' } });
  });
  afterAll(() => t.close());

  it('takes any Host and builds every link from PUBLIC_URL', async () => {
    const response = await uploadAs(t, 'evil.example');
    expect(response.statusCode).toBe(201);
    expect(response.json<Media>().media_url).toMatch(/^https:\/\/labels\.example\/media-files\//);
  });
});

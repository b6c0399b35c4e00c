import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BlobStore } from '../media/blob-store';
import { createFileBlobStore } from '../media/blob-store';
import { signMediaPath } from '../media/signed-urls';
import { makeImage } from '../media/test-images';
import { handleError } from '../http/error-handler';
import { mediaFileRoutes } from './media-files';

const secret = 'route-test-secret';
const now = 1_700_000_000;

let rootDir: string;
let store: BlobStore;
let app: FastifyInstance;
let png: Buffer;
let key: string;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now * 1000);
  rootDir = await mkdtemp(join(tmpdir(), 'looplabel-media-routes-'));
  store = createFileBlobStore(rootDir);
  png = await makeImage('png', 20, 10);
  ({ key } = await store.put(png, 'image/png'));
  app = Fastify();
  app.setErrorHandler(handleError);
  await app.register(mediaFileRoutes, { store, secret });
});

afterEach(async () => {
  await app.close();
  await rm(rootDir, { recursive: true, force: true });
  vi.useRealTimers();
});

describe('GET /media-files/:key', () => {
  it('serves the bytes with their sniffed type and safe, cacheable, cross-origin headers', async () => {
    const response = await app.inject({ method: 'GET', url: signMediaPath(secret, key, now + 900) });

    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(png);
    expect(response.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(png.length),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=900, immutable',
      etag: `"${key}"`,
      'cross-origin-resource-policy': 'cross-origin',
      'access-control-allow-origin': '*',
    });
  });

  it('answers HEAD with the headers only', async () => {
    const response = await app.inject({ method: 'HEAD', url: signMediaPath(secret, key, now + 900) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.length).toBe(0);
  });

  it.each([`"${'0'.repeat(64)}", "KEY"`, 'W/"KEY"', '*'])(
    'answers 304 without a body when If-None-Match is %s',
    async (ifNoneMatch) => {
      const response = await app.inject({
        method: 'GET',
        url: signMediaPath(secret, key, now + 900),
        headers: { 'if-none-match': ifNoneMatch.replace('KEY', key) },
      });
      expect(response.statusCode).toBe(304);
      expect(response.rawPayload.length).toBe(0);
      expect(response.headers.etag).toBe(`"${key}"`);
      expect(response.headers['cache-control']).toBe('private, max-age=900, immutable');
    },
  );

  it('serves the file when If-None-Match names another version', async () => {
    const response = await app.inject({
      method: 'GET',
      url: signMediaPath(secret, key, now + 900),
      headers: { 'if-none-match': `"${'0'.repeat(64)}"` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(png);
  });

  it('refuses an expired link with 403', async () => {
    const response = await app.inject({ method: 'GET', url: signMediaPath(secret, key, now) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'This media link has expired.' });
    expect(response.headers['cache-control']).toBeUndefined();
  });

  const changeFirstSignatureCharacter = (path: string) =>
    path.replace(/sig=./, (start) => (start.endsWith('A') ? 'sig=B' : 'sig=A'));

  it.each([
    ['a tampered signature', changeFirstSignatureCharacter],
    ['a lengthened expiry', (path: string) => path.replace(`exp=${now + 900}`, `exp=${now + 90_000}`)],
    ['no signature', (path: string) => path.split('?')[0] ?? path],
    ['a signature for another file', (path: string) => path.replace(key, '0'.repeat(64))],
  ])('refuses %s with 403', async (_name, tamper) => {
    const response = await app.inject({ method: 'GET', url: tamper(signMediaPath(secret, key, now + 900)) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'This media link is not valid.' });
  });

  it('answers 404 for a validly signed key that is not stored, even with If-None-Match', async () => {
    const missing = 'c'.repeat(64);
    const response = await app.inject({
      method: 'GET',
      url: signMediaPath(secret, missing, now + 900),
      headers: { 'if-none-match': `"${missing}"` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'This media file does not exist.' });
  });
});

import { connect } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../demo/seed-identity';
import { multipartBody } from '../testing/multipart-body';
import { makeImage } from '../media/test-images';
import { routeTable, type RouteEntry } from '../testing/route-table';
import { basicAuth, createTestApp, type TestApp } from '../testing/test-app';
import { findNul, MAX_URL_LENGTH } from './edge';

let t: TestApp;
let bearerHeader: { authorization: string };
const basicHeader = { authorization: basicAuth('admin@demo.test', DEMO_PASSWORD) };

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  bearerHeader = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.demoLab);
});
afterAll(() => t.close());

/** Sends as the admin: with a bearer token, or with Basic credentials where the route asks for them. */
async function send(route: RouteEntry, url: string, payload?: unknown): Promise<LightMyRequestResponse> {
  const request = { method: route.method, url, payload: payload as object | undefined };
  const response = await t.inject({ ...request, headers: bearerHeader });
  if (response.statusCode !== 401 || !String(response.headers['www-authenticate']).startsWith('Basic')) return response;
  return t.inject({ ...request, headers: basicHeader });
}

function expectMessage(response: LightMyRequestResponse, what: string) {
  expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, what).toBeLessThan(500);
  expect(response.headers['content-type'], what).toMatch(/^application\/json/);
  const body = response.json<Record<string, unknown>>();
  expect(typeof body.message, what).toBe('string');
  expect(Object.keys(body).filter((key) => key !== 'message' && key !== 'errors'), what).toEqual([]);
}

describe('findNul', () => {
  it('finds a NUL character in any string or key, however deep', () => {
    expect(findNul({ a: ['x', { b: 'y' }] })).toBeNull();
    expect(findNul('a\u0000')).toBe('');
    expect(findNul({ a: ['x', { b: 'y\u0000' }] })).toBe('a.1.b');
    expect(findNul({ 'k\u0000': 1 })).toBe('k\u0000');
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findNul(deep)).toMatch(/^0\.0\./);
  });
});

describe('the route-table sweep', () => {
  const routes = () => routeTable(t.app);

  it('reads the route table', () => {
    const urls = routes().map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(expect.arrayContaining(['GET /1/applications/:applicationId', 'POST /1/users', 'GET /media-files/:key']));
    expect(urls.length).toBeGreaterThan(40);
  });

  it('answers a NUL character in any path parameter with 400 and a message, never 500', async () => {
    const withParams = routes().filter((route) => route.url.includes(':'));
    expect(withParams.length).toBeGreaterThan(20);
    for (const route of withParams) {
      for (const value of ['%00', 'app_%00x']) {
        const url = route.url.replace(/:\w+/g, value);
        const response = await send(route, url, route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
        expectMessage(response, `${route.method} ${url}`);
        expect(response.statusCode, `${route.method} ${url}`).toBe(400);
      }
    }
  });

  it('answers an over-long id with 404 and a message, never the framework 414', async () => {
    for (const route of routes().filter((candidate) => candidate.url.includes(':'))) {
      for (const length of [101, 5000]) {
        const url = route.url.replace(/:\w+/g, 'a'.repeat(length));
        const response = await send(route, url);
        expectMessage(response, `${route.method} ${route.url} (${length})`);
        expect(response.statusCode, `${route.method} ${route.url} (${length})`).toBe(404);
      }
    }
  });

  it('answers a NUL character in the query, or in a JSON body value or key, with 400 on every route', async () => {
    for (const route of routes()) {
      const url = route.url.replace(/:\w+/g, 'current');
      const query = await send(route, `${url}?tag=a%00b`);
      expectMessage(query, `${route.method} ${url} query`);
      expect(query.statusCode, `${route.method} ${url} query`).toBe(400);
      expect(query.json()).toEqual({
        message: 'Invalid tag: Text may not contain the NUL character (U+0000).',
        errors: [{ field: 'tag', message: 'Text may not contain the NUL character (U+0000).' }],
      });
      if (route.method === 'GET' || route.method === 'DELETE') continue;
      for (const body of [{ name: 'a\u0000b' }, { client_data: { 'k\u0000': 1 } }]) {
        const response = await send(route, url, body);
        expectMessage(response, `${route.method} ${url} body`);
        expect(response.statusCode, `${route.method} ${url} body`).toBe(400);
      }
    }
  });
});

describe('the edge, beyond the route table', () => {
  it('refuses a NUL character in an upload form field or file name', async () => {
    const image = await makeImage('png', 8, 8);
    for (const entries of [
      [['file', image, 'a.png'], ['title', 'x\u0000y']],
      [['file', image, 'a\u0000.png']],
    ] as [string, string | Buffer, string?][][]) {
      const form = await multipartBody(entries);
      const response = await t.inject({ method: 'POST', url: '/1/media', headers: { ...bearerHeader, ...form.headers }, payload: form.payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/NUL character/);
    }
  });

  it('answers Basic credentials holding a NUL character with 401, not 500', async () => {
    const response = await t.inject({ method: 'GET', url: '/1/token', headers: { authorization: basicAuth('a\u0000@demo.test', 'x') } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('answers a malformed %-escape with 400 and an address too long with 414, each with a message', async () => {
    const bad = await t.inject({ method: 'GET', url: '/1/applications/%E0%A4%A', headers: bearerHeader });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: expect.stringMatching(/not valid/) });

    const long = await t.inject({ method: 'GET', url: `/1/version?x=${'a'.repeat(MAX_URL_LENGTH)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ message: `The address is too long: at most ${MAX_URL_LENGTH} characters.` });

    const unknown = await t.inject({ method: 'GET', url: `/1/${'a'.repeat(5000)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message.length).toBeLessThan(300);
  });
});

describe("the framework's refusals", () => {
  const post = (url: string, headers: Record<string, string>, payload: string | Buffer) =>
    t.inject({ method: 'POST', url, headers: { ...bearerHeader, ...headers }, payload });

  it('answer with the right status and only a message', async () => {
    const form = await multipartBody([['name', 'x']]);
    const tooManyParts = await multipartBody(Array.from({ length: 250 }, (_, i) => [`f${i}`, 'x'] as [string, string]));
    const cases: [string, Promise<LightMyRequestResponse>, number, string][] = [
      ['malformed JSON', post('/1/subjects', { 'content-type': 'application/json' }, '{"name":'), 400, 'The request body is not valid JSON.'],
      ['an empty JSON body', post('/1/subjects', { 'content-type': 'application/json' }, ''), 400, 'The request body is empty; send a JSON object.'],
      ['a form to a JSON endpoint', post('/1/subjects', form.headers, form.payload), 415, 'This endpoint takes a JSON body, not a multipart form.'],
      ['JSON to an upload', post('/1/media', { 'content-type': 'application/json' }, '{}'), 415, 'Send the media as multipart/form-data with one file part.'],
      ['a malformed form', post('/1/media', { 'content-type': 'multipart/form-data; boundary=xyz' }, 'garbage'), 400, 'The multipart form is malformed.'],
      ['a form without a boundary', post('/1/media', { 'content-type': 'multipart/form-data' }, 'garbage'), 400, 'The multipart form is malformed.'],
      ['a form of too many parts', post('/1/media', tooManyParts.headers, tooManyParts.payload), 413, 'The form has too many fields.'],
      ['a wrong Content-Length', post('/1/subjects', { 'content-type': 'application/json', 'content-length': '100' }, '{"name":"a"}'), 400, 'The request body does not match its Content-Length.'],
    ];
    for (const [what, pending, status, message] of cases) {
      const response = await pending;
      expect(response.statusCode, what).toBe(status);
      expect(response.json(), what).toEqual({ message });
    }
  });
});

describe('on a real socket', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  /** Writes raw bytes and reads the whole answer (the service closes the connection). */
  const raw = (request: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(request));
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('error', reject);
      socket.on('close', () => {
        const [head = '', body = ''] = data.split('\r\n\r\n');
        resolve({ status: Number(head.split(' ')[1]), body });
      });
    });

  it('answers what Node refuses before the framework with a message too', async () => {
    const longUrl = await raw(`GET /1/version?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(longUrl.status).toBe(414);
    expect(JSON.parse(longUrl.body)).toEqual({ message: expect.stringMatching(/address is too long/) });

    const bigHeaders = await raw(`GET /1/version HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(bigHeaders.status).toBe(431);
    expect(JSON.parse(bigHeaders.body)).toEqual({ message: 'The request headers are too large.' });

    const broken = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body)).toEqual({ message: 'The request is not valid HTTP.' });
  });
});

import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallbackAddressRules } from '../net/address-rule';
import type { Resolver } from '../net/guarded-lookup';
import { sendPost, type SendOptions } from './send';

/** A receiver on 127.0.0.1: /ok answers 204, /hang never answers. It drops open connections when it closes. */
let server: Server;
let port: number;
let requests: string[];

beforeAll(async () => {
  requests = [];
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    request.resume();
    if (request.url === '/hang') return;
    response.statusCode = request.url === '/ok' ? 204 : 500;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
);

const onLoopback: CallbackAddressRules = { allowedHosts: new Set(), listensOnLoopback: true, ownPort: () => 1 };

/** A resolver that gives each call the next of `answers` (the last one again once they run out), and counts calls. */
function scriptedResolver(...answers: string[][]): Resolver & { calls: number } {
  const resolver = Object.assign(
    (_hostname: string, _options: unknown, callback: (error: null, addresses: LookupAddress[]) => void) => {
      const answer = answers[Math.min(resolver.calls, answers.length - 1)]!;
      resolver.calls += 1;
      queueMicrotask(() => callback(null, answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))));
    },
    { calls: 0 },
  );
  return resolver;
}

const options = (overrides: Partial<SendOptions> = {}): SendOptions => ({
  addresses: onLoopback,
  timeoutMilliseconds: 2000,
  stopping: new AbortController().signal,
  ...overrides,
});

const post = (url: string) => ({ url, body: '{}', headers: { 'Content-Type': 'application/json' } });

describe('sendPost', () => {
  it('delivers to an allowed address and reports an error status as a failure', async () => {
    expect(await sendPost(post(`http://127.0.0.1:${port}/ok`), options())).toEqual({ kind: 'delivered' });
    expect(await sendPost(post(`http://localhost:${port}/ok`), options())).toEqual({ kind: 'delivered' }); // the system resolver
    expect(await sendPost(post(`http://127.0.0.1:${port}/broken`), options())).toEqual({ kind: 'failed', error: 'HTTP 500' });
  });

  it('checks the addresses a name resolves to at every delivery, and connects only to the checked one', async () => {
    const before = requests.length;
    // The name is fine when saved and at the first post; then it is re-pointed at the metadata address.
    const rebinding = scriptedResolver(['127.0.0.1'], ['169.254.169.254']);
    const url = `http://localhost:${port}/ok`;
    expect(await sendPost(post(url), options({ resolve: rebinding }))).toEqual({ kind: 'delivered' });
    const refused = await sendPost(post(url), options({ resolve: rebinding }));
    expect(refused).toEqual({
      kind: 'refused',
      error: expect.stringMatching(/^The URL http:\/\/localhost:\d+\/ok may not receive callbacks: localhost resolves to a refused address: 169\.254\.169\.254 is a link-local address/),
    });
    expect(rebinding.calls).toBe(2);
    expect(requests.length - before).toBe(1);
  });

  it('refuses a name when any of its addresses is refused, and never connects', async () => {
    const before = requests.length;
    const mixed = scriptedResolver(['127.0.0.1', '10.0.0.5']);
    const outcome = await sendPost(post(`http://localhost:${port}/ok`), options({ resolve: mixed }));
    expect(outcome).toMatchObject({ kind: 'refused', error: expect.stringMatching(/10\.0\.0\.5 is a private address/) });
    const https = await sendPost(post('https://hooks.example.test/hook'), options({ resolve: scriptedResolver(['fd00::7']) }));
    expect(https).toMatchObject({ kind: 'refused', error: expect.stringMatching(/hooks\.example\.test resolves to a refused address: fd00::7/) });
    expect(requests.length).toBe(before);
  });

  it('refuses loopback when the service listens beyond it, unless the host is allowed; never the own port', async () => {
    const onNetwork = { ...onLoopback, listensOnLoopback: false };
    const toLoopback = scriptedResolver(['127.0.0.1']);
    expect(await sendPost(post(`http://127.0.0.1:${port}/ok`), options({ addresses: onNetwork }))).toMatchObject({ kind: 'refused' });
    expect(await sendPost(post(`http://localhost:${port}/ok`), options({ addresses: onNetwork, resolve: toLoopback }))).toMatchObject({
      kind: 'refused',
    });
    const allowing = { ...onNetwork, allowedHosts: new Set(['localhost']) };
    expect(await sendPost(post(`http://localhost:${port}/ok`), options({ addresses: allowing, resolve: toLoopback }))).toEqual({
      kind: 'delivered',
    });
    const itself = { ...onLoopback, ownPort: () => port };
    expect(await sendPost(post(`http://127.0.0.1:${port}/ok`), options({ addresses: itself }))).toMatchObject({
      kind: 'refused',
      error: expect.stringMatching(/this service itself/),
    });
  });

  it('gives up on a receiver that does not answer in time, and stops at once when the service closes', async () => {
    const slow = await sendPost(post(`http://127.0.0.1:${port}/hang`), options({ timeoutMilliseconds: 200 }));
    expect(slow).toEqual({ kind: 'failed', error: 'No answer within 0.2 s.' });

    const closing = new AbortController();
    const started = performance.now();
    const pending = sendPost(post(`http://127.0.0.1:${port}/hang`), options({ stopping: closing.signal }));
    setTimeout(() => closing.abort(), 50);
    expect(await pending).toEqual({ kind: 'stopped' });
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

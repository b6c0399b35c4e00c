import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { waitForCapture } from '../testing/capture-fixture';
import { createSubject, post, usePipelineApp } from '../testing/pipeline-fixture';

// Feeds an attacker with an account of their own could point an application at (issue 37). Each is refused, and
// says why on the capture's status (feed-thread-hostile.test.ts: the document is read off the event loop).

usePipelineApp();

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

/** A feed server on loopback answering `bodyOf(path)`; its base URL. */
async function serve(bodyOf: (path: string) => string): Promise<string> {
  server = createServer((request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(bodyOf(request.url ?? '/')));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Creates a feed application over `feedUrl`, waits for its first poll to fail, and answers its last_error. */
async function firstFailure(name: string, feedUrl: string): Promise<string | null> {
  const output = await createSubject(`${name} images`);
  const created = await post('/1/applications', { name, type: 'social_feed', output_subjects: [output], custom_fields: { feed_url: feedUrl } });
  expect(created.statusCode, created.body).toBe(201);
  const appId = created.json().application_id as string;
  const failed = await waitForCapture(appId, (status) => status.failures >= 1);
  await post(`/1/applications/${appId}`, { active: false });
  expect(failed).toMatchObject({ captured: 0, state: 'backing_off' });
  return failed.last_error;
}

const declarations = (count: number) => Array.from({ length: count }, (_, index) => ` xmlns:p${index}="urn:ns:${index}"`).join('');

describe('hostile feeds', () => {
  it('refuses RSS of 5,000 namespace declarations over 40,000 elements (0.3 MB) by the attribute limit', async () => {
    const feed = `<rss version="2.0"${declarations(5000)}><channel>${'<a/>'.repeat(40_000)}</channel></rss>`;
    const base = await serve(() => feed);
    expect(await firstFailure('Namespaces feed', `${base}/feed.xml`)).toBe('An element of the document has more than 100 attributes.');
  });

  it('refuses a Mastodon account whose lookup answers 5 MB of nested arrays, by its size', async () => {
    const nested = `${'['.repeat(2_500_000)}${']'.repeat(2_500_000)}`;
    const base = await serve((path) => (path.startsWith('/api/v1/accounts/lookup') ? nested : '[]'));
    expect(await firstFailure('Nested lookup', `${base}/@lens`)).toMatch(/^The account's lookup at 127\.0\.0\.1:\d+ is larger than 262,144 bytes\.$/);
  });

  it('refuses a Mastodon account whose lookup nests deeper than the JSON depth rule', async () => {
    const base = await serve((path) => (path.startsWith('/api/v1/accounts/lookup') ? `{"id": "1", "fields": ${'['.repeat(40)}${']'.repeat(40)}}` : '[]'));
    expect(await firstFailure('Deep lookup', `${base}/@lens`)).toBe("The account's lookup nests JSON deeper than 32 levels.");
  });
});

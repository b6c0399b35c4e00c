import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitForCapture } from '../testing/capture-fixture';
import { startFeedServer, type FeedServer } from '../testing/feed-server';
import { createSubject, mediaOfSubject, post, usePipelineApp } from '../testing/pipeline-fixture';

usePipelineApp();

/** A feed server of 20 posts for each test, which may add posts to it. */
let feeds: FeedServer;
beforeEach(async () => {
  feeds = await startFeedServer(20);
});
afterEach(() => feeds.close());

async function feedApp(name: string, customFields: Record<string, unknown>) {
  const output = await createSubject(`${name} images`);
  const created = await post('/1/applications', { name, type: 'social_feed', output_subjects: [output], custom_fields: customFields });
  expect(created.statusCode).toBe(201);
  return { appId: created.json().application_id as string, output };
}

/** Polls again now: any change of the application starts a new capture loop. */
const pollAgain = (appId: string, customFields: Record<string, unknown>) => post(`/1/applications/${appId}`, { custom_fields: customFields });

describe('a social feed application', () => {
  it.each([
    ['RSS 2.0 with Media RSS', () => feeds.rssUrl, { license: 'CC BY 4.0', author_profile_url: null }],
    ['Atom', () => feeds.atomUrl, { license: 'https://creativecommons.org/licenses/by/4.0/', author_profile_url: expect.stringContaining('/people/') }],
    ['JSON Feed 1.1', () => feeds.jsonFeedUrl, { license: null, author_profile_url: expect.stringContaining('/people/') }],
    ['a Mastodon hashtag', () => feeds.mastodonTagUrl, { license: null, author_profile_url: expect.stringMatching(/\/@lens$/) }],
    ['a Mastodon account', () => feeds.mastodonAccountUrl, { license: null, author_profile_url: expect.stringMatching(/\/@lens$/) }],
  ])('stores the images of %s once each, with what the entries say of them', async (format, urlOf, expected) => {
    const settings = { feed_url: urlOf(), max_items_per_poll: 20 };
    const { appId, output } = await feedApp(`Feed (${format})`, settings);
    const first = await waitForCapture(appId, (status) => status.attempts >= 1);
    console.info(`social_feed over ${format}: a poll of a 20-item feed stored ${first.captured} images in ${Math.round(first.last_capture_ms!)} ms`);
    expect(first).toMatchObject({ captured: 20, failures: 0, last_error: null, state: 'capturing' });

    const media = await mediaOfSubject(output);
    expect(media).toHaveLength(20);
    const newest = feeds.posts[0]!;
    const item = media.find((entry) => entry.external_media_id?.endsWith(newest.id))!;
    expect(item).toMatchObject({
      media_src: 'social_feed',
      author: newest.author,
      title: newest.title,
      original_url: `${feeds.base}/images/${newest.id}.jpg`,
      original_landing_url: expect.stringContaining(newest.id),
      media_timestamp: newest.publishedAt,
      ...expected,
    });

    // a poll stores only what is new
    feeds.addPost();
    await pollAgain(appId, { ...settings, interval_seconds: 600 });
    const second = await waitForCapture(appId, (status) => status.attempts >= 1 && status.last_attempt_at! > first.last_attempt_at!);
    expect(second).toMatchObject({ captured: 21, failures: 0 });
    expect(await mediaOfSubject(output)).toHaveLength(21);
    await post(`/1/applications/${appId}`, { active: false });
  });

  it('takes at most max_items_per_poll new images a poll', async () => {
    const { appId, output } = await feedApp('Feed taking three', { feed_url: feeds.jsonFeedUrl, max_items_per_poll: 3 });
    await waitForCapture(appId, (status) => status.attempts >= 1);
    await post(`/1/applications/${appId}`, { active: false });
    expect(await mediaOfSubject(output)).toHaveLength(3);
  });

  it.each([
    ['a DOCTYPE with entities', '<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "aaaa">]><rss version="2.0"><channel><item><guid>&a;</guid></item></channel></rss>', /DOCTYPE/],
    ['a feed too large', `<rss version="2.0"><channel>${'<item><guid>x</guid></item>'.repeat(250_000)}</channel></rss>`, /larger than 5,242,880 bytes/],
    ['HTML', '<!doctype html><html><body>Not a feed</body></html>', /DOCTYPE|neither/i],
    ['JSON that is no feed', '{"hello": "world"}', /neither a JSON Feed nor a list of statuses/],
  ])('refuses %s and says why on its status', async (what, body, reason) => {
    const server = createServer((_, response) => response.writeHead(200, { 'content-type': 'application/xml' }).end(body));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { appId } = await feedApp(`Hostile feed: ${what}`, { feed_url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed` });
      const failed = await waitForCapture(appId, (status) => status.failures >= 1);
      await post(`/1/applications/${appId}`, { active: false });
      expect(failed).toMatchObject({ captured: 0, state: 'backing_off' });
      expect(failed.last_error).toMatch(reason);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

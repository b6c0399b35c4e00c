// Feeds for tests, on loopback: the same posts, each with one image, in the four formats the social_feed type reads,
// written from their specifications (RSS 2.0 with Media RSS, Atom RFC 4287 with RFC 4946 licence links, JSON Feed 1.1,
// Mastodon's Status entity).
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

interface FeedPost {
  id: string;
  title: string;
  author: string;
  publishedAt: number;
}

export interface FeedServer {
  base: string;
  rssUrl: string;
  atomUrl: string;
  jsonFeedUrl: string;
  /** A Mastodon hashtag page: the service reads its timeline API. */
  mastodonTagUrl: string;
  /** A Mastodon account page (`/@name`): the service looks the account up, then reads its statuses. */
  mastodonAccountUrl: string;
  posts: FeedPost[];
  /** Requests for images, by path. */
  imageRequests: string[];
  /** Adds a post at the top of every feed. */
  addPost(): FeedPost;
  close(): Promise<void>;
}

const LICENSE = 'https://creativecommons.org/licenses/by/4.0/';
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** A small JPEG of its own colour for each post. */
const imageOf = (index: number) =>
  sharp({ create: { width: 96, height: 64, channels: 3, background: { r: (index * 53) % 256, g: (index * 97) % 256, b: (index * 31) % 256 } } })
    .jpeg()
    .toBuffer();

function rss(base: string, posts: readonly FeedPost[]): string {
  const items = posts.map(
    (post) => `
    <item>
      <title>${escape(post.title)}</title>
      <link>${base}/posts/${post.id}</link>
      <guid isPermaLink="false">${post.id}</guid>
      <pubDate>${new Date(post.publishedAt * 1000).toUTCString()}</pubDate>
      <dc:creator>${escape(post.author)}</dc:creator>
      <media:content url="${base}/images/${post.id}.jpg" medium="image" type="image/jpeg" width="96" height="64">
        <media:license type="text/html" href="${LICENSE}">CC BY 4.0</media:license>
      </media:content>
      <media:license type="text/html" href="${LICENSE}">CC BY 4.0</media:license>
    </item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>Test photographs &amp; more</title>
    <link>${base}/</link>
    <description>Posts with images</description>
    <atom:link href="${base}/rss.xml" rel="self" type="application/rss+xml"/>${items.join('')}
  </channel>
</rss>`;
}

function atom(base: string, posts: readonly FeedPost[]): string {
  const entries = posts.map(
    (post) => `
  <entry>
    <title type="text">${escape(post.title)}</title>
    <id>urn:example:post:${post.id}</id>
    <updated>${iso(post.publishedAt)}</updated>
    <published>${iso(post.publishedAt)}</published>
    <author><name>${escape(post.author)}</name><uri>${base}/people/${encodeURIComponent(post.author)}</uri></author>
    <link rel="alternate" type="text/html" href="/posts/${post.id}"/>
    <link rel="enclosure" type="image/jpeg" length="1000" href="/images/${post.id}.jpg"/>
    <link rel="license" type="text/html" href="${LICENSE}"/>
  </entry>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:base="${base}/">
  <title>Test photographs</title>
  <id>urn:example:feed</id>
  <updated>${iso(posts[0]?.publishedAt ?? 0)}</updated>
  <link rel="self" href="${base}/atom.xml"/>${entries.join('')}
</feed>`;
}

const jsonFeed = (base: string, posts: readonly FeedPost[]) => ({
  version: 'https://jsonfeed.org/version/1.1',
  title: 'Test photographs',
  home_page_url: `${base}/`,
  feed_url: `${base}/feed.json`,
  items: posts.map((post) => ({
    id: post.id,
    url: `${base}/posts/${post.id}`,
    title: post.title,
    content_text: post.title,
    date_published: iso(post.publishedAt),
    authors: [{ name: post.author, url: `${base}/people/${encodeURIComponent(post.author)}` }],
    attachments: [{ url: `${base}/images/${post.id}.jpg`, mime_type: 'image/jpeg', size_in_bytes: 1000 }],
  })),
});

const statuses = (base: string, posts: readonly FeedPost[]) =>
  posts.map((post) => ({
    id: post.id,
    created_at: iso(post.publishedAt),
    uri: `${base}/users/lens/statuses/${post.id}`,
    url: `${base}/@lens/${post.id}`,
    visibility: 'public',
    sensitive: false,
    spoiler_text: '',
    content: `<p>${escape(post.title)} <a href="${base}/tags/photos" class="mention hashtag">#<span>photos</span></a></p>`,
    reblog: null,
    account: { id: '42', username: 'lens', acct: 'lens', display_name: post.author, url: `${base}/@lens` },
    media_attachments: [
      { id: `m${post.id}`, type: 'image', url: `${base}/images/${post.id}.jpg`, preview_url: `${base}/images/${post.id}.jpg`, description: post.title },
      { id: `v${post.id}`, type: 'video', url: `${base}/videos/${post.id}.mp4`, description: null },
    ],
    tags: [{ name: 'photos', url: `${base}/tags/photos` }],
  }));

/** Starts the feeds on 127.0.0.1 at an ephemeral port, with `count` posts, newest first. */
export async function startFeedServer(count: number): Promise<FeedServer> {
  const posts: FeedPost[] = [];
  const imageRequests: string[] = [];
  const addPost = () => {
    const n = posts.length + 1;
    const post = { id: String(1000 + n), title: `Photograph ${n} <of the day>`, author: `Photographer ${n % 3}`, publishedAt: 1_750_000_000 + n * 60 };
    posts.unshift(post);
    return post;
  };
  for (let i = 0; i < count; i += 1) addPost();
  const send = (response: ServerResponse, type: string, body: string | Buffer) => response.writeHead(200, { 'content-type': type }).end(body);
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const image = /^\/images\/(\d+)\.jpg$/.exec(path)?.[1];
    if (image) {
      imageRequests.push(path);
      return void imageOf(Number(image)).then((bytes) => send(response, 'image/jpeg', bytes));
    }
    if (path === '/rss.xml') return send(response, 'application/rss+xml', rss(base, posts));
    if (path === '/atom.xml') return send(response, 'application/atom+xml', atom(base, posts));
    if (path === '/feed.json') return send(response, 'application/feed+json', JSON.stringify(jsonFeed(base, posts)));
    if (path === '/api/v1/timelines/tag/photos' || path === '/api/v1/accounts/42/statuses') return send(response, 'application/json', JSON.stringify(statuses(base, posts)));
    if (path === '/api/v1/accounts/lookup') return send(response, 'application/json', JSON.stringify({ id: '42', username: 'lens', acct: 'lens' }));
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    rssUrl: `${base}/rss.xml`,
    atomUrl: `${base}/atom.xml`,
    jsonFeedUrl: `${base}/feed.json`,
    mastodonTagUrl: `${base}/tags/photos`,
    mastodonAccountUrl: `${base}/@lens`,
    posts,
    imageRequests,
    addPost,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

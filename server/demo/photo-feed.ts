import { createServer } from 'node:http';
import { listenOnLoopback } from './loopback-listen';
import { readPhoto, readPhotoManifest } from './photo-library';

/** An RSS 2.0 feed (with Media RSS) of the demo's photographs on loopback, for the demo's social_feed application. */
export interface PhotoFeed {
  url: string;
  close(): Promise<void>;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Serves the photographs that are not the street camera's frames, each an item with its source and licence; at `port`
 * when it is free.
 */
export async function startPhotoFeed(skip: (file: string) => boolean, port?: number): Promise<PhotoFeed> {
  const photos = (await readPhotoManifest()).filter((photo) => !skip(photo.file));
  const files = new Set(photos.map((photo) => photo.file));
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://demo').pathname;
    if (path === '/photos.rss') return void response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(rss());
    const file = path.replace(/^\/photos\//, '');
    if (!files.has(file)) return void response.writeHead(404).end();
    readPhoto(file).then(
      (bytes) => response.writeHead(200, { 'content-type': 'image/jpeg' }).end(bytes),
      () => response.writeHead(500).end(),
    );
  });
  const base = `http://127.0.0.1:${await listenOnLoopback(server, port)}`;
  const rss = () => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>Openly licensed photographs</title>
    <link>${base}/</link>
    <description>The demo's photographs, as a feed.</description>${photos
      .map(
        (photo) => `
    <item>
      <title>${escape(photo.file.replace(/\.jpg$/, ''))}</title>
      <link>${base}/photos/${photo.file}</link>
      <guid isPermaLink="false">demo-photo:${photo.file}</guid>
      <dc:creator>${escape(`${photo.original} (${photo.package})`)}</dc:creator>
      <media:content url="${base}/photos/${photo.file}" medium="image" type="image/jpeg"/>
      <media:license>${escape(photo.licence)}</media:license>
    </item>`,
      )
      .join('')}
  </channel>
</rss>`;
  return {
    url: `${base}/photos.rss`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

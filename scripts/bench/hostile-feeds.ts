// `npm run bench:hostile` (feeds): `GET /1/version`'s latency while the service polls a hostile feed (issue 37: RSS of
// 5,000 namespace declarations over 40,000 elements, 0.3 MB, held the event loop 28 s at every poll), and a feed at
// the XML limits that it reads. The service runs in a process of its own (a fresh data folder, loopback); the feeds
// are served on loopback by this process. Figures: docs/performance.md.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApplication, getCaptureStatus, updateApplication } from '../../src/api/endpoints/applications';
import { createSubject } from '../../src/api/endpoints/subjects';
import { register, sleep, startService, whileRunning } from './hostile-service';
import { percentile } from './stats';
import { formatTable } from './table';

const declarations = (count: number) => Array.from({ length: count }, (_, index) => ` xmlns:p${index}="urn:ns:${index}"`).join('');

const FEEDS: [string, string][] = [
  ['RSS: 5,000 namespace declarations, 40,000 elements', `<rss version="2.0"${declarations(5000)}><channel>${'<a/>'.repeat(40_000)}</channel></rss>`],
  ['RSS: 98 declarations in scope of 99,000 elements', `<rss version="2.0"${declarations(98)}><channel>${'<p0:a/>'.repeat(99_000)}</channel></rss>`],
];

const folder = await mkdtemp(join(tmpdir(), 'looplabel-bench-feeds-'));
const { child, baseUrl } = await startService(join(folder, 'data'));
const feeds = createServer((request, response) => {
  const feed = FEEDS[Number(request.url?.slice(1))]?.[1];
  response.writeHead(feed ? 200 : 404, { 'content-type': 'application/rss+xml' }).end(feed ?? '');
});
await new Promise<void>((resolve) => feeds.listen(0, '127.0.0.1', resolve));
try {
  const { client } = await register(baseUrl);
  const rows: string[][] = [];
  for (const [index, [label, feed]] of FEEDS.entries()) {
    const output = await createSubject(client, { name: `feed ${index}` });
    const feedUrl = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}/${index}`;
    const startedAt = performance.now();
    const app = await createApplication(client, { name: `feed ${index}`, type: 'social_feed', output_subjects: [output.subject_uid], custom_fields: { feed_url: feedUrl } });
    const polled = (async () => {
      for (;;) {
        const status = await getCaptureStatus(client, app.application_id);
        if (status.attempts >= 1) return status;
        await sleep(100);
      }
    })();
    const { latencies } = await whileRunning(baseUrl, child.pid!, polled);
    const status = await polled;
    await updateApplication(client, app.application_id, { active: false });
    rows.push([
      `${label} (${(feed.length / 1e6).toFixed(2)} MB)`,
      `${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
      status.last_error ?? `read: ${status.captured} images`,
      `${latencies.length}: p95 ${percentile(latencies, 95).toFixed(1)} ms, max ${percentile(latencies, 100).toFixed(1)} ms`,
    ]);
  }
  console.log(formatTable(['Feed', 'First poll', 'Outcome', 'GET /1/version during it'], rows));
} finally {
  child.kill('SIGKILL');
  feeds.close();
  await rm(folder, { recursive: true, force: true });
}

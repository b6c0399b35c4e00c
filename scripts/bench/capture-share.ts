// `npm run bench:capture`: how long an upload waits for its model's detections while one tenant's slow cameras and a
// dripping feed run, against a fresh local service on loopback (the embedded database and job runner). The slow
// tenant has three cameras at interval_seconds 1 and three at 20, whose snapshots each take 12.5 s (the first kind
// are given up at 0.8 s and back off; the second succeed, never backing off), and a feed that drips its document over
// 120 s; uploads go to a detector of that tenant and of another, one every 2 s. Figures are in docs/performance.md.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeImage, makePhotoLikeJpeg } from '../../server/media/test-images';
import { startFreshService, type FreshService } from './fresh-service';
import { summarize, type LatencySummary } from './stats';
import { formatTable } from './table';

const SNAPSHOT_SECONDS = 12.5;
const FEED_DRIP_SECONDS = 120;
const UPLOADS_PER_TENANT = 10;
const UPLOAD_EVERY_MS = 2000;
const TARGET_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A camera whose snapshot comes after SNAPSHOT_SECONDS, and a feed that sends its document a byte a second. */
async function startSlowSources(): Promise<{ snapshotUrl: string; feedUrl: string; requests: () => number; close(): Promise<void> }> {
  const jpeg = await makePhotoLikeJpeg(640, 480);
  let requests = 0;
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((request, response) => {
    requests += 1;
    if (request.url === '/snapshot.jpg') {
      const timer = setTimeout(() => response.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg), SNAPSHOT_SECONDS * 1000);
      timers.add(timer);
      return;
    }
    response.writeHead(200, { 'content-type': 'application/rss+xml' });
    const document = Buffer.from('<?xml version="1.0"?><rss version="2.0"><channel><title>slow</title></channel></rss>');
    let sent = 0;
    const drip = setInterval(() => {
      if (sent >= document.length) {
        clearInterval(drip);
        return void response.end();
      }
      response.write(document.subarray(sent, sent + 1));
      sent += 1;
    }, (FEED_DRIP_SECONDS * 1000) / document.length);
    timers.add(drip);
    response.on('close', () => clearInterval(drip));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    snapshotUrl: `${base}/snapshot.jpg`,
    feedUrl: `${base}/feed.xml`,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

interface Tenant {
  name: string;
  token: string;
}

async function call(service: FreshService, tenant: Tenant, route: string, init: { method?: string; body?: object | FormData } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${tenant.token}` };
  const body = init.body instanceof FormData ? init.body : init.body ? JSON.stringify(init.body) : undefined;
  if (body !== undefined && !(init.body instanceof FormData)) headers['content-type'] = 'application/json';
  const response = await fetch(`${service.baseUrl}${route}`, { method: init.method ?? 'GET', headers, body });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

async function tokenFor(service: FreshService, tenantId: string): Promise<string> {
  const authorization = `Basic ${Buffer.from('admin@demo.test:looplabel-demo').toString('base64')}`;
  const response = await fetch(`${service.baseUrl}/1/token?tenant_id=${tenantId}`, { headers: { authorization } });
  return ((await response.json()) as { access_token: string }).access_token;
}

const subjectOf = async (service: FreshService, tenant: Tenant, name: string) => (await call(service, tenant, '/1/subjects', { method: 'POST', body: { name } })).subject_uid as string;

/** A detector of a subject of the tenant's: uploads to the subject are run through it. */
async function detector(service: FreshService, tenant: Tenant): Promise<{ input: string; appId: string }> {
  const input = await subjectOf(service, tenant, `${tenant.name}: uploads`);
  const blue = await subjectOf(service, tenant, `${tenant.name}: blue`);
  const app = await call(service, tenant, '/1/applications', {
    method: 'POST',
    body: { name: `${tenant.name}: detector`, type: 'detection_fullframe', input_subjects: [input], output_subjects: [blue], custom_fields: { appearance: { [blue]: { color: '#1e78c8' } } } },
  });
  return { input, appId: app.application_id as string };
}

/**
 * Milliseconds from sending the upload to its detections from the detector being readable. Each upload is an image of
 * its own (`index` its red): the same bytes again would be the media item already processed.
 */
async function uploadLatency(service: FreshService, tenant: Tenant, target: { input: string; appId: string }, index: number): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await makeImage('png', 160, 120, index))], { type: 'image/png' }), `upload-${index}.png`);
  const startedAt = performance.now();
  const { media_id: mediaId } = await call(service, tenant, `/1/subjects/${target.input}/media`, { method: 'POST', body: form });
  for (;;) {
    const { detections } = (await call(service, tenant, `/1/media/${mediaId as string}/detections`)) as { detections: { app_id: string | null }[] };
    if (detections.some((row) => row.app_id === target.appId)) return performance.now() - startedAt;
    await sleep(50);
  }
}

/**
 * Uploads one every UPLOAD_EVERY_MS to each tenant's detector, all at once: the latency of each, per tenant. `first` is
 * the first upload's index (its image).
 */
async function measureUploads(service: FreshService, targets: { tenant: Tenant; detector: { input: string; appId: string } }[], first: number): Promise<Map<string, number[]>> {
  const latencies = new Map<string, number[]>();
  const pending: Promise<void>[] = [];
  for (let i = first; i < first + UPLOADS_PER_TENANT; i += 1) {
    for (const { tenant, detector: target } of targets) {
      pending.push(uploadLatency(service, tenant, target, i).then((ms) => void (latencies.get(tenant.name) ?? latencies.set(tenant.name, []).get(tenant.name)!).push(ms)));
    }
    await sleep(UPLOAD_EVERY_MS);
  }
  await Promise.all(pending);
  return latencies;
}

async function startSlowCaptures(service: FreshService, tenant: Tenant, sources: Awaited<ReturnType<typeof startSlowSources>>) {
  const cameras = [1, 1, 1, 20, 20, 20].map((interval, index) => ({
    name: `Slow camera ${index + 1} (every ${interval} s)`,
    type: 'network_camera',
    custom_fields: { camera_url: sources.snapshotUrl, interval_seconds: interval },
  }));
  const feed = { name: 'Dripping feed', type: 'social_feed', custom_fields: { feed_url: sources.feedUrl, interval_seconds: 60 } };
  for (const capture of [...cameras, feed]) {
    const output = await subjectOf(service, tenant, `${capture.name} images`);
    await call(service, tenant, '/1/applications', { method: 'POST', body: { ...capture, output_subjects: [output] } });
  }
}

const row = (label: string, summary: LatencySummary) => [label, summary.n, Math.round(summary.p50_ms), Math.round(summary.p95_ms), Math.round(summary.max_ms), summary.max_ms <= TARGET_MS ? 'met' : 'MISSED'];

const service = await startFreshService();
const sources = await startSlowSources();
try {
  const slow: Tenant = { name: 'slow tenant', token: await tokenFor(service, service.identity.tenantIds.demoLab) };
  const other: Tenant = { name: 'other tenant', token: await tokenFor(service, service.identity.tenantIds.harbour) };
  const targets = [
    { tenant: other, detector: await detector(service, other) },
    { tenant: slow, detector: await detector(service, slow) },
  ];
  process.stderr.write('capture share: uploads with no captures running\n');
  const quiet = await measureUploads(service, targets, 0);
  process.stderr.write('capture share: uploads while the slow tenant\'s cameras and feed run\n');
  await startSlowCaptures(service, slow, sources);
  await sleep(5000); // the captures in hand
  const busy = await measureUploads(service, targets, UPLOADS_PER_TENANT);
  const rows = [
    ...[...quiet].sort().map(([name, samples]) => row(`upload to detections, ${name}, no captures`, summarize(samples))),
    ...[...busy].sort().map(([name, samples]) => row(`upload to detections, ${name}, slow captures running`, summarize(samples))),
  ];
  console.log(formatTable(['capture share benchmark', 'n', 'p50 ms', 'p95 ms', 'max ms', `max <= ${TARGET_MS / 1000} s`], rows));
  console.log(`requests the slow sources received: ${sources.requests()}`);
} finally {
  await service.close();
  await sources.close();
}

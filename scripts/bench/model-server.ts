// `npm run bench:model-server` (issue 40): a fresh local service on loopback with applications on model servers.
// 1. Predictions through the reference server (`npm run model-server`, the built-in detector behind Label Studio's ML
//    backend protocol): from an upload to the server's boxes recorded, p50/p95, for the demo's photographs.
// 2. Webhooks: answers posted in a burst, and how fast the server hears of them all (deliveries per second).
// 3. `/1/version` while one application's server hangs and another's floods every /predict with bytes.
// Figures are in docs/performance.md.
import { readdir, readFile } from 'node:fs/promises';
import { and, eq, like } from 'drizzle-orm';
import { assertions } from '../../server/db/schema';
import { detectCocoObjects } from '../../server/vision/detector/detector';
import { makeImage } from '../../server/media/test-images';
import { startProtocolServer } from '../../server/testing/protocol-server';
import { startReferenceServer } from '../model-server/server';
import { startFreshService } from './fresh-service';
import { summarize, type LatencySummary } from './stats';
import { formatTable } from './table';

const PHOTOS = new URL('../../server/demo/photos/', import.meta.url);
const ANSWERS = 200;
const HOSTILE_UPLOADS = 8;
const VERSION_SAMPLES = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const service = await startFreshService();
const token = await service.accessToken('admin');
async function call(route: string, init: { method?: string; body?: object | FormData } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  const body = init.body instanceof FormData ? init.body : init.body ? JSON.stringify(init.body) : undefined;
  if (body !== undefined && !(init.body instanceof FormData)) headers['content-type'] = 'application/json';
  const response = await fetch(`${service.baseUrl}${route}`, { method: init.method ?? 'GET', headers, body });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${route}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? {} : ((await response.json()) as Record<string, unknown>);
}

/** A box_detection application of a new input subject, on the model server at `url`. */
async function servedApp(name: string, url: string, timeoutSeconds = 30) {
  const subject = async (subjectName: string) => (await call('/1/subjects', { method: 'POST', body: { name: subjectName } })).subject_uid as string;
  const input = await subject(`${name}: uploads`);
  const person = await subject('Person');
  const app = await call('/1/applications', { method: 'POST', body: { name, type: 'box_detection', input_subjects: [input], output_subjects: [person] } });
  const appId = app.application_id as string;
  await call(`/1/applications/${appId}/model_backend`, { method: 'PUT', body: { url, timeout_seconds: timeoutSeconds } });
  return { appId, input, person };
}

async function upload(input: string, bytes: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return (await call(`/1/subjects/${input}/media`, { method: 'POST', body: form })).media_id as string;
}

/** A photograph whose proposals are not recorded within this time counts as failed (the status says why). */
const PREDICT_DEADLINE_MS = 60_000;

/** Milliseconds from sending the upload to the server's proposals being readable; null past the deadline. */
async function predictLatency(target: { appId: string; input: string }, bytes: Buffer, name: string): Promise<number | null> {
  const startedAt = performance.now();
  const mediaId = await upload(target.input, bytes, name);
  // read in the database: a subject the server found nothing of is asserted at probability 0, which the API lists not
  for (;;) {
    const [found] = await service.app.db
      .select({ id: assertions.detectionId })
      .from(assertions)
      .where(and(eq(assertions.appId, target.appId), eq(assertions.mediaId, mediaId), like(assertions.modelId, 'external:server%')))
      .limit(1);
    if (found) return performance.now() - startedAt;
    if (performance.now() - startedAt > PREDICT_DEADLINE_MS) return null;
    await sleep(20);
  }
}

const row = (label: string, summary: LatencySummary) => [label, summary.n, Math.round(summary.p50_ms), Math.round(summary.p95_ms), Math.round(summary.max_ms)];

async function benchPredictions(url: string) {
  const target = await servedApp('Reference server', url);
  const photos = (await readdir(PHOTOS)).filter((file) => file.endsWith('.jpg'));
  const latencies: number[] = [];
  for (const photo of photos) {
    const ms = await predictLatency(target, await readFile(new URL(photo, PHOTOS)), photo);
    process.stderr.write(`  ${photo}: ${ms === null ? `nothing recorded (${JSON.stringify((await call(`/1/applications/${target.appId}/model_backend`)).last_error)})` : `${Math.round(ms)} ms`}\n`);
    if (ms !== null) latencies.push(ms);
  }
  return { target, summary: summarize(latencies), photos: photos.length };
}

async function benchWebhooks(target: { appId: string; input: string; person: string }, heard: () => number) {
  const mediaId = await upload(target.input, await makeImage('png', 320, 240, 99), 'answered.png');
  const before = heard();
  const startedAt = performance.now();
  for (let i = 0; i < ANSWERS; i += 1) {
    const box = { x0: 10, y0: 10, x1: 50 + (i % 200), y1: 100 };
    await call(`/1/applications/${target.appId}/feedback`, { method: 'POST', body: { media_id: mediaId, subjects: [{ subject_uid: target.person, result: 'True', app_data_type: 'box_set', app_data: [{ box }] }] } });
  }
  const postedMs = performance.now() - startedAt;
  while (heard() < before + ANSWERS) await sleep(20);
  const deliveredMs = performance.now() - startedAt;
  return { postedMs, deliveredMs, rate: ANSWERS / (deliveredMs / 1000) };
}

async function benchVersionUnderHostileServers() {
  const hanging = await startProtocolServer((request) => (request.path === '/predict' ? 'hang' : undefined));
  const flooding = await startProtocolServer((request) => (request.path === '/predict' ? 'flood' : undefined));
  try {
    const hung = await servedApp('Hanging server', hanging.url, 30);
    const flooded = await servedApp('Flooding server', flooding.url, 30);
    for (let i = 0; i < HOSTILE_UPLOADS; i += 1) {
      await upload(hung.input, await makeImage('png', 160, 120, 100 + i), `hang-${i}.png`);
      await upload(flooded.input, await makeImage('png', 160, 120, 150 + i), `flood-${i}.png`);
    }
    await sleep(1000);
    const samples: number[] = [];
    for (let i = 0; i < VERSION_SAMPLES; i += 1) {
      const startedAt = performance.now();
      await fetch(`${service.baseUrl}/1/version`);
      samples.push(performance.now() - startedAt);
      await sleep(50);
    }
    return { summary: summarize(samples), hangingCalls: hanging.to('/predict').length, floodingCalls: flooding.to('/predict').length };
  } finally {
    await hanging.close();
    await flooding.close();
  }
}

const reference = await startReferenceServer({ port: 0, host: '127.0.0.1', detect: (image) => detectCocoObjects(image) });
try {
  process.stderr.write('model server: predictions through the reference server\n');
  const predictions = await benchPredictions(reference.url);
  process.stderr.write('model server: webhooks\n');
  const webhooks = await benchWebhooks(predictions.target, () => reference.events.length);
  process.stderr.write('model server: /1/version while a server hangs and another floods\n');
  const hostile = await benchVersionUnderHostileServers();
  console.log(
    formatTable(
      ['model server benchmark', 'n', 'p50 ms', 'p95 ms', 'max ms'],
      [
        row(`upload to the reference server's boxes recorded (${predictions.photos} photographs, one at a time)`, predictions.summary),
        row(`GET /1/version while a server hangs (${hostile.hangingCalls} calls held) and one floods (${hostile.floodingCalls} calls)`, hostile.summary),
      ],
    ),
  );
  console.log(
    `webhooks: ${ANSWERS} answers posted in ${Math.round(webhooks.postedMs)} ms, all delivered after ${Math.round(webhooks.deliveredMs)} ms: ${webhooks.rate.toFixed(1)} deliveries/s`,
  );
} finally {
  await reference.close();
  await service.close();
}

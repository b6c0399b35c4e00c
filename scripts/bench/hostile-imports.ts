// `npm run bench:hostile`: the hostile files of issue 28 against the service in a process of its own (a fresh data
// folder, loopback), one at a time: how long each takes to be refused, and `GET /1/version`'s latency and the
// service's peak memory (VmHWM) while a 200 MB COCO import runs. Figures: docs/performance.md.
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiClient } from '../../src/api/client';
import { createApplication } from '../../src/api/endpoints/applications';
import { getImport } from '../../src/api/endpoints/imports';
import { createSubject } from '../../src/api/endpoints/subjects';
import { makeImage } from '../../server/media/test-images';
import { cocoWithBoxes, declaringSize, withZip64Count, zipOf } from '../../server/testing/hostile-files';
import { memoryOf, postImport, register, sleep, startService, whileRunning } from './hostile-service';
import { percentile } from './stats';
import { formatTable } from './table';

const MiB = 1024 * 1024;

/** A new account (admin of its own tenant, as anyone may register), with a box application over one photo. */
async function setUp(baseUrl: string): Promise<{ client: ApiClient; token: string; appId: string }> {
  const { client, token: access_token } = await register(baseUrl);
  const streets = await createSubject(client, { name: 'streets' });
  const car = await createSubject(client, { name: 'car' });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await makeImage('png', 640, 480, 7))]), 'street_01.jpg');
  const upload = await fetch(`${baseUrl}/1/subjects/${streets.subject_uid}/media`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${access_token}` } });
  if (!upload.ok) throw new Error(`The photo's upload failed: ${upload.status}`);
  const app = await createApplication(client, { name: 'boxes', type: 'box_detection', input_subjects: [streets.subject_uid], output_subjects: [car.subject_uid] });
  return { client, token: access_token, appId: app.application_id };
}

/** A CSV file of `bytes`: a header, then blank lines. */
function blankTable(bytes: number): Uint8Array {
  const table = new Uint8Array(bytes).fill(10);
  table.set(new TextEncoder().encode('filename,class\n'));
  return table;
}

/** A COCO file of about `megabytes` MB that the limits take: 20,000 images, 480,000 boxes with polygons. */
function largeCoco(megabytes: number): string {
  const images = Array.from({ length: 20_000 }, (_, index) => ({ id: index, file_name: index === 0 ? 'street_01.jpg' : `other_${index}.jpg`, width: 640, height: 480 }));
  const boxes = 480_000;
  const polygonLength = Math.max(8, Math.floor((megabytes * MiB) / boxes / 4.6));
  const polygon = JSON.stringify([Array.from({ length: polygonLength }, (_, index) => (index * 7) % 480)]);
  const parts = [`{"categories":[{"id":1,"name":"car"}],"images":${JSON.stringify(images)},"annotations":[`];
  for (let index = 0; index < boxes; index += 1) {
    parts.push(`${index ? ',' : ''}{"id":${index},"image_id":${index % 20_000},"category_id":1,"bbox":[${index % 600},10,20,20],"segmentation":${polygon}}`);
  }
  parts.push(']}');
  return parts.join('');
}

const folder = await mkdtemp(join(tmpdir(), 'looplabel-bench-hostile-'));
const dataDir = join(folder, 'data');
const { child, baseUrl } = await startService(dataDir);
try {
  const { client, token, appId } = await setUp(baseUrl);
  const write = async (name: string, content: string | Uint8Array) => {
    const path = join(folder, name);
    await writeFile(path, content);
    return { name, path };
  };
  const header = `filename,class,${Array.from({ length: 2000 }, (_, index) => `c${index}`).join(',')}\n`;
  const cases: [string, string, { name: string; path: string }[]][] = [
    ['CSV: 2,002 columns, 100,000 rows of commas', 'csv', [await write('wide.csv', header + ',\n'.repeat(100_000))]],
    ['zip: an entry declaring 10 bytes, inflating to 1 GiB', 'csv', [await write('bomb.zip', declaringSize(zipOf({ 'a.csv': new Uint8Array(1024 * MiB) }), 10))]],
    ['zip: 3 CSV entries of 70 MiB (blank lines)', 'csv', [await write('blank.zip', zipOf(Object.fromEntries(['a', 'b', 'c'].map((name) => [`${name}.csv`, blankTable(70 * MiB)]))))]],
    ['COCO: 3.9 M annotations (zipped)', 'coco', [await write('coco.zip', zipOf({ 'annotations.json': new TextEncoder().encode(cocoWithBoxes(3_900_000)) }))]],
    ['zip: 150,000 entries', 'coco', [await write('many.zip', withZip64Count(zipOf(Object.fromEntries(Array.from({ length: 150_000 }, (_, index) => [`i/${index}.jpg`, new Uint8Array(0)])), 0), 150_000))]],
    ['upload: 9 parts of 24 MiB', 'coco', await Promise.all(Array.from({ length: 9 }, (_, index) => write(`part-${index}.json`, Buffer.alloc(24 * MiB, 0x20))))],
  ];
  const rows: string[][] = [];
  for (const [label, format, files] of cases) {
    const result = await postImport(baseUrl, token, appId, format, files);
    rows.push([label, String(result.status), `${Math.round(result.ms)} ms`, (result.body.message ?? '').slice(0, 70)]);
  }
  console.log(formatTable(['Hostile file', 'Status', 'Refused in', 'Message'], rows));

  const coco = await write('large.json', largeCoco(195));
  // The photo's detection and the refusals above leave memory the service gives back over a few seconds.
  await sleep(10_000);
  const before = await memoryOf(child.pid!);
  const importing = postImport(baseUrl, token, appId, 'coco', [coco]).then(async (started) => {
    for (;;) {
      if (!started.body.import_id) throw new Error(`The import was not started: ${started.status} ${started.body.message}`);
      const status = await getImport(client, appId, started.body.import_id);
      if (status.state !== 'running') return status;
      await sleep(250);
    }
  });
  const startedAt = performance.now();
  const { latencies, peakRss } = await whileRunning(baseUrl, child.pid!, importing);
  const outcome = await importing;
  console.log(
    formatTable(
      ['200 MB COCO import', 'Value'],
      [
        ['file', `${((await openAsBlob(coco.path)).size / MiB).toFixed(0)} MiB, 20,000 images, 480,000 boxes with polygons`],
        ['outcome', `${outcome.state} in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`],
        ['GET /1/version during it', `${latencies.length} requests: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, max ${percentile(latencies, 100).toFixed(1)} ms`],
        ['service memory (RSS every 50 ms)', `${before.rss.toFixed(0)} MB before, peak ${peakRss.toFixed(0)} MB (+${(peakRss - before.rss).toFixed(0)} MB)`],
      ],
    ),
  );
} finally {
  child.kill('SIGKILL');
  await rm(folder, { recursive: true, force: true });
}

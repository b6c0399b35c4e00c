// `npm run bench:hostile` (second part): `GET /1/version`'s latency while a label import records (issue 37: a 5 MB
// CSV matching 1,397 images made it take up to 6.9 s), and while the release its answers make due runs. The service runs in a process of its own (a fresh data folder,
// loopback); the images are uploaded before the application exists, so no model runs on them. Figures:
// docs/performance.md.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApplication, getApplication } from '../../src/api/endpoints/applications';
import { getImport } from '../../src/api/endpoints/imports';
import { createSubject } from '../../src/api/endpoints/subjects';
import { makeImage } from '../../server/media/test-images';
import { postImport, register, sleep, startService, whileRunning } from './hostile-service';
import { percentile } from './stats';
import { formatTable } from './table';

const IMAGES = 1397;
const BOXES_PER_IMAGE = 100;
const UPLOADS_AT_ONCE = 4;

const latencySummary = (latencies: readonly number[]) =>
  `${latencies.length} requests: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, max ${percentile(latencies, 100).toFixed(1)} ms`;

const nameOf = (index: number) => `street_${String(index).padStart(4, '0')}.jpg`;

/** A CSV of BOXES_PER_IMAGE boxes of the class `car` on each image (about 5 MB). */
function boxTable(): string {
  const lines = ['filename,class,xmin,ymin,xmax,ymax'];
  for (let image = 0; image < IMAGES; image += 1) {
    for (let box = 0; box < BOXES_PER_IMAGE; box += 1) {
      const [x, y] = [(box * 37) % 600, (box * 53) % 440];
      lines.push(`${nameOf(image)},car,${x},${y},${x + 20 + (box % 7)},${y + 15 + (box % 5)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

const folder = await mkdtemp(join(tmpdir(), 'looplabel-bench-recording-'));
const { child, baseUrl } = await startService(join(folder, 'data'));
try {
  const { client, token } = await register(baseUrl);
  const streets = await createSubject(client, { name: 'streets' });
  const car = await createSubject(client, { name: 'car' });
  let next = 0;
  const uploader = async () => {
    for (let index = next++; index < IMAGES; index = next++) {
      // each image distinct: the service stores identical bytes once
      const image = new Uint8Array(await makeImage('png', 640, 480 + Math.floor(index / 256), index % 256));
      const form = new FormData();
      form.append('file', new Blob([image]), nameOf(index));
      const upload = await fetch(`${baseUrl}/1/subjects/${streets.subject_uid}/media`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } });
      if (!upload.ok) throw new Error(`The upload of ${nameOf(index)} failed: ${upload.status}`);
    }
  };
  await Promise.all(Array.from({ length: UPLOADS_AT_ONCE }, uploader));
  const app = await createApplication(client, { name: 'boxes', type: 'box_detection', input_subjects: [streets.subject_uid], output_subjects: [car.subject_uid] });
  const table = { name: 'labels.csv', path: join(folder, 'labels.csv') };
  const csv = boxTable();
  await writeFile(table.path, csv);
  await sleep(5000);

  const startedAt = performance.now();
  const importing = postImport(baseUrl, token, app.application_id, 'csv', [table]).then(async (started) => {
    if (!started.body.import_id) throw new Error(`The import was not started: ${started.status} ${started.body.message}`);
    for (;;) {
      const status = await getImport(client, app.application_id, started.body.import_id);
      if (status.state !== 'running') return status;
      await sleep(250);
    }
  });
  const { latencies } = await whileRunning(baseUrl, child.pid!, importing);
  const outcome = await importing;
  const recordedIn = (performance.now() - startedAt) / 1000;
  // 1,397 answers make a release due: it learns from the newest answered items
  const releaseStartedAt = performance.now();
  const releasing = (async () => {
    while (((await getApplication(client, app.application_id)).candidate_model_count ?? 0) === 0) await sleep(250);
  })();
  const release = await whileRunning(baseUrl, child.pid!, releasing);
  console.log(
    formatTable(
      ['Recording a label import', 'Value'],
      [
        ['file', `${(csv.length / 1e6).toFixed(1)} MB CSV, ${IMAGES.toLocaleString('en')} images × ${BOXES_PER_IMAGE} boxes`],
        ['outcome', `${outcome.state}: ${outcome.report?.created ?? 0} created in ${recordedIn.toFixed(1)} s`],
        ['GET /1/version while it reads and records', latencySummary(latencies)],
        ['the release it makes due', `${((performance.now() - releaseStartedAt) / 1000).toFixed(1)} s`],
        ['GET /1/version while that release runs', latencySummary(release.latencies)],
      ],
    ),
  );
} finally {
  child.kill('SIGKILL');
  await rm(folder, { recursive: true, force: true });
}

// Throughput of one and of two service instances (+ a worker) on one PostgreSQL server, on this machine:
//   bash scripts/with-postgres.sh npx tsx scripts/scale-bench.ts
// A closed-loop load generator in this process keeps CONCURRENCY requests in flight for DURATION_S per scenario and
// reports requests per second and latency percentiles. Figures go to docs/performance.md.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db';
import { rowsOf } from '../server/db/json-row';
import type { QueuedProposal } from '../server/db/schema';
import { memberships } from '../server/db/schema';
import { baselineModelId } from '../src/api/schemas/models';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedIdentity } from '../server/demo/seed-identity';
import { createMemoryBlobStore } from '../server/media/blob-store';
import { startServiceProcess, stopAll, type ServiceProcess } from '../server/testing/cluster';
import { insertDetectionsFixture, insertMediaRows } from '../server/testing/perf-fixtures';
import { basicAuth, createScratchDatabase } from '../server/testing/test-app';
import { createBenchApplication } from './bench/bulk-data';
import { summarize, timed } from './bench/stats';
import { formatTable } from './bench/table';

const CONCURRENCY = 16;
const WARM_UP_S = 3;
const DURATION_S = 15;
const DETECTION_ASSERTIONS = 100_000;
const FEEDBACK_ITEMS = 8_000;

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('Run through scripts/with-postgres.sh, which starts the PostgreSQL server.');

interface Client {
  baseUrl: string;
  token: string;
}

async function request(client: Client, route: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(`${client.baseUrl}${route}`, {
    ...init,
    headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/json', ...init.headers },
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${route}: ${response.status} ${await response.text()}`);
  return response;
}

/** Runs `step` in CONCURRENCY loops: untimed for WARM_UP_S, then timed for DURATION_S; samples per request kind. */
async function load(clients: Client[], step: (client: Client, samples: Record<string, number[]>) => Promise<void>) {
  const run = async (seconds: number, samples: Record<string, number[]>) => {
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, i) => {
        while (performance.now() < until) await step(clients[i % clients.length]!, samples);
      }),
    );
  };
  await run(WARM_UP_S, {});
  const samples: Record<string, number[]> = {};
  await run(DURATION_S, samples);
  return samples;
}

const sampleOf = (samples: Record<string, number[]>, kind: string) => (samples[kind] ??= []);

async function main() {
  const scratch = await createScratchDatabase(serverUrl!);
  const processes: ServiceProcess[] = [];
  const database = await openDatabase({ databaseUrl: scratch.url });
  try {
    // Releases off, as in `npm run bench`: a release every 25 answers would time the worker's releases too.
    const env = { DATABASE_URL: scratch.url, BACKGROUND_JOBS: '0', RELEASE_EVERY_ANSWERS: '0', REGISTER_MAX_PER_ADDRESS: '1000' };
    const first = await startServiceProcess('api', env);
    processes.push(first, await startServiceProcess('worker', env));
    const { db } = database;
    const identity = await seedIdentity(db);
    const tenantId = identity.tenantIds.demoLab;
    const blobs = createMemoryBlobStore();

    console.log(`Inserting ${DETECTION_ASSERTIONS} assertions and ${FEEDBACK_ITEMS} feedback requests…`);
    const detectionsApp = await createBenchApplication(db, tenantId, 'detection_fullframe', 2, DEMO_ACCOUNTS.admin.email);
    await insertDetectionsFixture(db, blobs, {
      tenantId,
      applicationId: detectionsApp.applicationId,
      modelId: baselineModelId(detectionsApp.applicationId),
      subjectUids: detectionsApp.outputSubjectUids,
      assertions: DETECTION_ASSERTIONS,
      mediaIdPrefix: 'med_scale_det_',
    });
    const feedbackApp = await createBenchApplication(db, tenantId, 'detection_fullframe', 1, DEMO_ACCOUNTS.admin.email);
    const subjectUid = feedbackApp.outputSubjectUids[0]!;
    await insertMediaRows(db, blobs, tenantId, 'med_scale_fb_', FEEDBACK_ITEMS);
    const proposals: QueuedProposal[] = [{ subject_uid: subjectUid, probability: 0.5, uncal_prob: 0.5, app_data_type: null, app_data: null }];
    // Each pull + post scenario starts from the same queue: a pull's cost grows with the scheduled requests.
    const refillQueue = async () => {
      const now = Date.now() / 1000;
      await db.execute(sql`DELETE FROM feedback_queue WHERE app_id = ${feedbackApp.applicationId}`);
      await db.execute(sql`
        INSERT INTO feedback_queue (app_id, media_id, focus_key, priority, proposals, created_at, scheduled_at)
        SELECT ${feedbackApp.applicationId}, 'med_scale_fb_' || i, '', (i % 97) / 97.0, ${JSON.stringify(proposals)}::jsonb, ${now}, ${now}
        FROM generate_series(1, ${FEEDBACK_ITEMS}) AS i`);
      await db.execute(sql`ANALYZE`);
    };

    // One labeller per loop: a lease is per person, so loops of one person would be served each other's requests.
    const labellers = await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, i) => {
        const email = `scale-bench-${i}@bench.test`;
        const body = JSON.stringify({ email, password: DEMO_PASSWORD });
        const registered = await fetch(`${first.baseUrl}/1/users`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
        if (!registered.ok) throw new Error(`Registering ${email}: ${registered.status}`);
        const [user] = rowsOf<{ id: string }>(await db.execute(sql`SELECT id FROM users WHERE email = ${email}`));
        await db.insert(memberships).values({ tenantId, userId: user!.id, role: 'tenant_user' });
        const token = await fetch(`${first.baseUrl}/1/token?tenant_id=${tenantId}`, { headers: { authorization: basicAuth(email, DEMO_PASSWORD) } });
        return ((await token.json()) as { access_token: string }).access_token;
      }),
    );

    const pullAndPost = async (client: Client, samples: Record<string, number[]>) => {
      const route = `/1/applications/${feedbackApp.applicationId}/feedback`;
      const items = (await timed(sampleOf(samples, 'pull'), async () => (await request(client, `${route}?limit=1`)).json())) as { media_id: string }[];
      for (const item of items) {
        const answer = { media_id: item.media_id, subjects: [{ subject_uid: subjectUid, result: 'True' }], decision_time: Date.now() / 1000 };
        await timed(sampleOf(samples, 'post'), () =>
          request(client, route, { method: 'POST', body: JSON.stringify(answer), headers: { 'idempotency-key': randomUUID() } }),
        );
      }
    };
    const detectionsPage = async (client: Client, samples: Record<string, number[]>) => {
      // The oldest or the newest page, as the workspace opens a list.
      const reverse = Math.random() < 0.5;
      await timed(sampleOf(samples, 'page'), () =>
        request(client, `/1/applications/${detectionsApp.applicationId}/detections?limit=100&reverse=${reverse}`).then((r) => r.json()),
      );
    };

    const rows: (string | number)[][] = [];
    const measure = async (instances: ServiceProcess[]) => {
      const clients = labellers.map((token, i) => ({ baseUrl: instances[i % instances.length]!.baseUrl, token }));
      for (const [name, step, kinds] of [
        ['pull + post', pullAndPost, ['pull', 'post']],
        ['detections page (100 records)', detectionsPage, ['page']],
      ] as const) {
        if (step === pullAndPost) await refillQueue();
        const samples = await load(clients, step);
        const requests = kinds.reduce((sum, kind) => sum + (samples[kind]?.length ?? 0), 0);
        const perSecond = Math.round(requests / DURATION_S);
        for (const kind of kinds) {
          const summary = summarize(samples[kind] ?? []);
          rows.push([`${instances.length} + worker`, name, kind, perSecond, Math.round(perSecond / os.availableParallelism()), summary.p50_ms, summary.p95_ms]);
        }
      }
    };
    await measure([first]);
    const second = await startServiceProcess('api', env);
    processes.push(second);
    await measure([first, second]);

    const load1 = os.loadavg()[0]!.toFixed(1);
    console.log(`\n${os.availableParallelism()} cores (load average ${load1}), ${CONCURRENCY} clients in flight, ${DURATION_S} s per scenario after ${WARM_UP_S} s warm-up\n`);
    console.log(formatTable(['instances', 'scenario', 'request', 'req/s', 'req/s per core', 'p50 ms', 'p95 ms'], rows));
  } finally {
    await stopAll(processes);
    await database.close();
    await scratch.drop();
  }
}

await main();

// Two API instances (BACKGROUND_JOBS=0) and a worker as child processes on one PostgreSQL server and one S3
// bucket, all on loopback. Runs through `bash scripts/with-postgres.sh npx vitest run --project scale-out`.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ReleaseStatus } from '../src/api/schemas/models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './db';
import { rowsOf } from './db/json-row';
import { memberships } from './db/schema';
import { DEMO_PASSWORD, seedIdentity, type DemoIdentity } from './demo/seed-identity';
import { considerForFeedback } from './feedback/scheduler';
import { insertApplication, insertMedia, insertSubject } from './feedback/test-fixtures';
import { makeImage } from './media/test-images';
import { multipartBody } from './testing/multipart-body';
import { startServiceProcess, stopAll, type ServiceProcess } from './testing/cluster';
import { startS3Server, type TestS3Server } from './testing/s3-server';
import { basicAuth, createScratchDatabase } from './testing/test-app';

const SIGN_IN_LIMIT = 10;

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let s3: TestS3Server;
let database: DatabaseHandle;
let demo: DemoIdentity;
let env: Record<string, string>;
let one: ServiceProcess;
let two: ServiceProcess;
let worker: ServiceProcess;
const started: ServiceProcess[] = [];

const start = async (role: 'api' | 'worker', extra: Record<string, string> = {}) => {
  const service = await startServiceProcess(role, { ...env, ...extra });
  started.push(service);
  return service;
};

async function call(service: ServiceProcess, route: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  return fetch(`${service.baseUrl}${route}`, { ...init, headers });
}

async function tokenOf(service: ServiceProcess, email: string, password = DEMO_PASSWORD) {
  const query = `?tenant_id=${demo.tenantIds.demoLab}`;
  const response = await call(service, `/1/token${query}`, { headers: { authorization: basicAuth(email, password) } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}.\n${started.map((s) => `--- ${s.role}\n${s.output()}`).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const query = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(statement));

beforeAll(async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('The scale-out test needs a PostgreSQL server: run it through scripts/with-postgres.sh.');
  scratch = await createScratchDatabase(serverUrl);
  s3 = await startS3Server();
  env = {
    DATABASE_URL: scratch.url,
    BACKGROUND_JOBS: '0',
    // A job whose worker was killed is retried after this long.
    JOB_TIMEOUT_SECONDS: '5',
    RELEASE_EVERY_ANSWERS: '0',
    SIGNIN_MAX_FAILURES_PER_EMAIL: String(SIGN_IN_LIMIT),
    ...s3.env,
  };
  one = await start('api'); // the first one migrates the database and creates the job queue's schema
  [two, worker] = await Promise.all([start('api'), start('worker')]);
  database = await openDatabase({ databaseUrl: scratch.url });
  demo = await seedIdentity(database.db);
}, 120_000);

afterAll(async () => {
  await stopAll(started);
  await database?.close();
  await s3?.stop();
  await scratch?.drop();
}, 60_000);

describe('two instances and a worker on one PostgreSQL server', () => {
  let admin: string;
  let camera: string;
  let detector: string;

  async function upload(service: ServiceProcess, image: Buffer): Promise<string> {
    const body = await multipartBody([['file', image, 'blue.png']]);
    const response = await call(service, `/1/subjects/${camera}/media`, {
      method: 'POST',
      token: admin,
      headers: body.headers,
      body: new Uint8Array(body.payload),
    });
    const text = await response.text();
    expect(response.status, `${text}\n${service.output()}`).toBe(200);
    return (JSON.parse(text) as { media_id: string }).media_id;
  }

  const modelDetections = async (service: ServiceProcess, mediaId: string, token: string) => {
    const response = await call(service, `/1/media/${mediaId}/detections`, { token });
    expect(response.status).toBe(200);
    const { detections } = (await response.json()) as { detections: { app_id: string | null; probability: number }[] };
    return detections.filter((row) => row.app_id === detector);
  };

  beforeAll(async () => {
    admin = await tokenOf(one, 'admin@demo.test');
    const created = async (route: string, payload: object) => {
      const response = await call(one, route, { method: 'POST', token: admin, body: JSON.stringify(payload) });
      expect(response.status).toBeLessThan(300);
      return (await response.json()) as Record<string, string>;
    };
    camera = (await created('/1/subjects', { name: 'camera' })).subject_uid!;
    const blue = (await created('/1/subjects', { name: 'blue thing' })).subject_uid!;
    detector = (
      await created('/1/applications', {
        name: 'Blue detector',
        type: 'detection_fullframe',
        input_subjects: [camera],
        output_subjects: [blue],
        custom_fields: { appearance: { [blue]: { color: '#1e78c8' } } },
      })
    ).application_id!;
  });

  it('serves through one instance what was uploaded through the other, processed by the worker', async () => {
    const image = await makeImage('png', 160, 120);
    const mediaId = await upload(one, image);
    // A token from instance one works on instance two: they share the signing secret through the database.
    const detections = await waitFor('the worker to process the upload', async () => {
      const rows = await modelDetections(two, mediaId, admin);
      return rows.length > 0 ? rows : undefined;
    });
    expect(detections[0]!.probability).toBeGreaterThan(0.5);

    const media = (await (await call(two, `/1/media/${mediaId}`, { token: admin })).json()) as { media_url: string };
    expect(new URL(media.media_url).origin).toBe(two.baseUrl);
    const bytes = Buffer.from(await (await fetch(media.media_url)).arrayBuffer());
    expect(bytes.equals(image)).toBe(true);
    expect((await s3.objectKeys()).length).toBeGreaterThan(0);
  });

  it('exports through one instance what the worker writes into the bucket and the other one serves', async () => {
    const app = await insertApplication(database.db, demo.tenantIds.demoLab, 'box_detection', [camera], { name: 'Boxes' });
    const route = `/1/applications/${app.applicationId}/exports`;
    const started = await call(one, route, { method: 'POST', token: admin, body: JSON.stringify({ format: 'coco' }) });
    expect(started.status).toBe(202);
    const { export_id: exportId } = (await started.json()) as { export_id: string };
    await waitFor('the worker to write the export', async () => {
      const status = (await (await call(two, `${route}/${exportId}`, { token: admin })).json()) as { state: string };
      return status.state === 'preparing' ? undefined : status;
    });
    expect(await s3.objectKeys()).toContain(`exports/${exportId}`);
    const file = await call(two, `${route}/${exportId}/file`, { token: admin });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="boxes-coco.json"');
    expect(((await file.json()) as { images: unknown[] }).images).toEqual([]);
  });

  it('decides a release asked for through one instance, as the other one reports', async () => {
    const route = `/1/applications/${detector}/release`;
    const started = await call(two, route, { method: 'POST', token: admin });
    expect(started.status).toBe(202);
    const status = await waitFor('the worker to decide the release', async () => {
      const current = (await (await call(one, route, { token: admin })).json()) as ReleaseStatus;
      return current.running ? undefined : current;
    });
    // without held-out answers the worker keeps the candidate back rather than release it on nothing
    expect(status).toMatchObject({ release_model_count: null, last_candidate: { outcome: 'not_enough_answers', n: 0 } });
  });

  it('leaves nothing unprocessed when a worker is killed mid-job and a new one starts', async () => {
    // The uploads queue up while no worker runs, so the next worker has work in hand for a while.
    await worker.stop();
    const images = await Promise.all(Array.from({ length: 8 }, (_, i) => makeImage('png', 2400 + i, 1800)));
    const mediaIds: string[] = [];
    for (const [i, image] of images.entries()) mediaIds.push(await upload(i % 2 === 0 ? one : two, image));
    worker = await start('worker');

    const activeJobs = async () =>
      (await query<{ id: string }>(sql`SELECT id FROM pgboss.job WHERE name = 'process-media' AND state = 'active'`)).map((row) => row.id);
    await waitFor('a processing job in hand', async () => ((await activeJobs()).length > 0 ? true : undefined), 30_000);
    await worker.kill();
    // What the killed worker held (a job it finished in the last milliseconds is no longer among them).
    const inHand = await activeJobs();
    expect(inHand.length).toBeGreaterThan(0);
    worker = await start('worker');

    await waitFor('every processing job to finish', async () => {
      const [row] = await query<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'process-media' AND state <> 'completed'`,
      );
      return row!.n === 0 ? true : undefined;
    });
    const retried = await query<{ retry_count: number }>(
      sql`SELECT retry_count FROM pgboss.job WHERE id IN (${sql.join(inHand.map((id) => sql`${id}::uuid`), sql`, `)})`,
    );
    expect(retried.every((row) => row.retry_count >= 1)).toBe(true);
    for (const mediaId of mediaIds) {
      // Processed once each: one model run's detections, never two.
      const runs = await query<{ runs: number }>(
        sql`SELECT count(DISTINCT created_at)::int AS runs FROM assertions WHERE media_id = ${mediaId} AND app_id = ${detector}`,
      );
      expect(runs[0]!.runs).toBe(1);
      expect(await modelDetections(one, mediaId, admin)).toHaveLength(1);
    }
  }, 120_000);

  it('gives eight labellers pulling at once over both instances, each until [], every request exactly once', async () => {
    const tenantId = demo.tenantIds.demoLab;
    const red = await insertSubject(database.db, tenantId, 'red thing');
    const app = await insertApplication(database.db, tenantId, 'classification', [red]);
    const queued = 48;
    for (let i = 0; i < queued; i += 1) {
      const mediaRow = await insertMedia(database.db, tenantId, { width: 100, height: 80 });
      const p = 0.5 + i * 0.005;
      await considerForFeedback(database.db, app, mediaRow.mediaId, null, [
        { subject_uid: red, probability: p, uncal_prob: p, app_data_type: null, app_data: null },
      ], null);
    }
    const tokens = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const email = `labeller${i}.${randomBytes(3).toString('hex')}@scale.test`;
        const password = 'scale-out-labeller';
        const service = i % 2 === 0 ? one : two;
        const registered = await call(service, '/1/users', { method: 'POST', body: JSON.stringify({ email, password }) });
        expect(registered.status).toBeLessThan(300);
        const [user] = await query<{ id: string }>(sql`SELECT id FROM users WHERE email = ${email}`);
        await database.db.insert(memberships).values({ tenantId, userId: user!.id, role: 'tenant_user' });
        return { service, token: await tokenOf(service, email, password) };
      }),
    );
    const served = await Promise.all(
      tokens.map(async ({ service, token }) => {
        const mine: string[] = [];
        // As the production client does (`while batch := app.get_feedback(): ...`); a bound in case the loop never ends.
        for (let round = 0; round <= queued; round += 1) {
          const response = await call(service, `/1/applications/${app.applicationId}/feedback?limit=2`, { token });
          expect(response.status).toBe(200);
          const batch = ((await response.json()) as { media_id: string }[]).map((item) => item.media_id);
          if (batch.length === 0) return mine;
          mine.push(...batch);
        }
        throw new Error('Pulling never reached [].');
      }),
    );
    const all = served.flat();
    expect(all).toHaveLength(queued);
    expect(new Set(all).size).toBe(queued);
    const pending = await call(two, `/1/applications/${app.applicationId}/feedback/pending`, { token: tokens[0]!.token });
    expect(await pending.json()).toEqual({ pending: 0, leased: queued });
  });

  it('holds the sign-in limit across instances', async () => {
    const attempts = Array.from({ length: 2 * SIGN_IN_LIMIT }, (_, i) =>
      call(i % 2 === 0 ? one : two, `/1/token?tenant_id=${demo.tenantIds.demoLab}`, {
        headers: { authorization: basicAuth('manager@demo.test', 'not the password') },
      }).then((response) => response.status),
    );
    const statuses = await Promise.all(attempts);
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(SIGN_IN_LIMIT);
  });
});

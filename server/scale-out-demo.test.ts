// Scale-out with the demo on: two API instances (BACKGROUND_JOBS=0, media in S3) and a worker on a new PostgreSQL
// database, as `.ci/run` runs the scale-out tests. Runs through `bash scripts/with-postgres.sh npx vitest run --project scale-out`.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './db';
import { rowsOf } from './db/json-row';
import { CAPTURE_APPLICATIONS } from './demo/capture-applications';
import { startServiceProcess, stopAll, type ServiceProcess } from './testing/cluster';
import { startS3Server, type TestS3Server } from './testing/s3-server';
import { createScratchDatabase } from './testing/test-app';

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let s3: TestS3Server;
let env: Record<string, string>;
const started: ServiceProcess[] = [];

const start = async (role: 'api' | 'worker') => {
  const service = await startServiceProcess(role, env);
  started.push(service);
  return service;
};

beforeAll(async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('The scale-out test needs a PostgreSQL server: run it through scripts/with-postgres.sh.');
  scratch = await createScratchDatabase(serverUrl);
  s3 = await startS3Server();
  env = { DATABASE_URL: scratch.url, BACKGROUND_JOBS: '0', DEMO: '1', DEMO_WAITING: '1', ...s3.env };
});

afterAll(async () => {
  await stopAll(started);
  await s3?.stop();
  await scratch?.drop();
}, 60_000);

describe('two instances with the demo on and a worker, on a new PostgreSQL database', () => {
  let database: DatabaseHandle | undefined;
  afterAll(() => database?.close());

  it('start, the first one scheduling the demo camera before the job queue ran anywhere, and the worker captures it', async () => {
    // The first instance migrates the database; the demo's capture applications queue their first capture at its start.
    await start('api');
    await Promise.all([start('api'), start('worker')]);
    database = await openDatabase({ databaseUrl: scratch.url });
    const camera = CAPTURE_APPLICATIONS.find((demo) => demo.type === 'network_camera')!;
    const capturedOf = async () => {
      const [row] = rowsOf<{ captured: number }>(
        await database!.db.execute(sql`
          SELECT s.captured FROM capture_state s JOIN applications a ON a.application_id = s.application_id
          WHERE a.name = ${camera.name} AND a.type = ${camera.type}`),
      );
      return row?.captured ?? 0;
    };
    const until = Date.now() + 60_000;
    while ((await capturedOf()) < 1) {
      if (Date.now() > until) throw new Error(`The worker captured no frame of the demo camera.\n${started.map((s) => `--- ${s.role}\n${s.output()}`).join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await capturedOf()).toBeGreaterThanOrEqual(1);
  }, 150_000);
});

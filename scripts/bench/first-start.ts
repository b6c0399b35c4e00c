// `npx tsx scripts/bench/first-start.ts [--wanted 60] [--timeout 300]`: the service's first start with the demo data,
// as `npm start` runs it once the app and the service are built. From a fresh data folder it times how long until
// `/1/version` answers, how long until each application has its first feedback request waiting (every photo
// application has one once the photographs are processed), then how long until every inspection-line application
// has `--wanted` waiting (pending), sampling the counts every half second (the photo applications' queues hold what
// the fixed set of photographs gave them). The service is stopped and its data deleted at the end. Figures:
// docs/performance.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { listApplications } from '../../src/api/endpoints/applications';
import { getPendingCount } from '../../src/api/endpoints/feedback';
import { getToken } from '../../src/api/endpoints/identity';
import { createApiClient, type ApiClient } from '../../src/api/client';
import { PHOTO_APPLICATIONS } from '../../server/demo/photo-applications';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/demo/seed-identity';
import { builtService } from '../build-service';
import { answerRuleOf } from '../../src/api/application-types';
import { formatTable } from './table';
import { freePort } from '../../e2e/support/service';

const { values } = parseArgs({ options: { wanted: { type: 'string' }, timeout: { type: 'string' } } });
const wanted = Number(values.wanted ?? 60);
const timeoutSeconds = Number(values.timeout ?? 300);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (from: number) => (performance.now() - from) / 1000;

const entry = await builtService();
const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'looplabel-first-start-'));
const baseUrl = `http://127.0.0.1:${port}`;
let output = '';
const startedAt = performance.now();
const child = spawn(process.execPath, ['--enable-source-maps', entry, '--port', String(port), '--data-dir', dataDir], {
  env: { ...process.env, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
child.stdout.on('data', (chunk) => (output += chunk));
child.stderr.on('data', (chunk) => (output += chunk));

async function versionAnswers(): Promise<boolean> {
  try {
    return (await fetch(`${baseUrl}/1/version`)).ok;
  } catch {
    return false;
  }
}

/** The waiting requests of each application that takes feedback (the demo's camera and feed bring images in instead). */
async function pendingByApplication(client: ApiClient): Promise<Map<string, number>> {
  const data = (await listApplications(client)).data.filter((app) => answerRuleOf(app.type) !== undefined);
  const counts = await Promise.all(data.map(async (app) => [app.name, (await getPendingCount(client, app.application_id)).pending] as const));
  return new Map(counts);
}

const isPhotoApplication = (name: string) => PHOTO_APPLICATIONS.some((app) => app.name === name);

try {
  const deadline = startedAt + timeoutSeconds * 1000;
  while (!(await versionAnswers())) {
    if (child.exitCode !== null) throw new Error(`The service exited with ${child.exitCode}:\n${output}`);
    if (performance.now() > deadline) throw new Error(`/1/version did not answer within ${timeoutSeconds} s:\n${output}`);
    await sleep(100);
  }
  const upAfter = seconds(startedAt);
  const anonymous = createApiClient({ baseUrl });
  const token = await getToken(anonymous, { email: DEMO_ACCOUNTS.labeller.email, password: DEMO_PASSWORD });
  const client = createApiClient({ baseUrl, getToken: () => token.access_token });
  const atUp = await pendingByApplication(client);
  let counts = atUp;
  const firstWaiting = new Map<string, number>();
  let photosAfter: number | null = null;
  let fullAfter: number | null = null;
  while (performance.now() < deadline) {
    counts = await pendingByApplication(client);
    const named = [...counts.entries()];
    for (const [name, n] of named) if (n > 0 && !firstWaiting.has(name)) firstWaiting.set(name, seconds(startedAt));
    if (photosAfter === null && named.filter(([name]) => isPhotoApplication(name)).every(([, n]) => n > 0)) photosAfter = seconds(startedAt);
    if (named.every(([name, n]) => isPhotoApplication(name) || n >= wanted)) {
      fullAfter = seconds(startedAt);
      break;
    }
    await sleep(500);
  }
  console.log(`/1/version answered after ${upAfter.toFixed(1)} s`);
  console.log(photosAfter === null ? 'A photo application had no request waiting at the end' : `Every photo application had a request waiting after ${photosAfter.toFixed(1)} s`);
  console.log(
    fullAfter === null
      ? `Not every inspection-line application had ${wanted} waiting within ${timeoutSeconds} s`
      : `Every inspection-line application had at least ${wanted} waiting after ${fullAfter.toFixed(1)} s`,
  );
  const rows = [...counts.keys()].map((name) => [name, firstWaiting.get(name)?.toFixed(1) ?? 'never', atUp.get(name) ?? 0, counts.get(name) ?? 0]);
  console.log(formatTable(['application', 'first waiting after (s)', 'waiting when up', 'waiting at the end'], rows));
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

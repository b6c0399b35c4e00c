import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildService } from '../scripts/build-service';
import { INSPECTION_LINE } from './demo/seed-applications';
import { DEMO_FIRST_WAITING } from './demo/feeder';
import { PHOTO_APPLICATIONS } from './demo/photo-applications';
import { CAPTURE_APPLICATIONS } from './demo/capture-applications';
import { DEMO_TYPES } from './types/registry';

/**
 * The service as `npm start` runs it: built, run by Node without tsx. The build is this test's own, inside the
 * repository, where the bundle finds the packages it leaves out (node_modules).
 */
const BUILD_DIR = path.join(import.meta.dirname, '..', 'build', `main-test-${process.pid}`);
const MAIN = [path.join(BUILD_DIR, 'main.mjs')];
/** `npm run worker` runs from source. */
const WORKER = ['--import', 'tsx', path.join(import.meta.dirname, 'worker-main.ts')];

function startService(args: string[], env: NodeJS.ProcessEnv = {}, entry = MAIN) {
  const child = spawn(process.execPath, [...entry, ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', PORT: '', HOST: '', DATA_DIR: '', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /listening on (http\S+)/.exec(stdout);
      if (match?.[1]) resolve(match[1]);
    });
    void exited.then((code) => reject(new Error(`exited with ${code}: ${stderr}`)));
  });
  listening.catch(() => undefined); // a run that is meant to fail is awaited through `exited`
  return { child, exited, listening, output: () => ({ stdout, stderr }) };
}

interface DemoApplication {
  application_id: string;
  name: string;
  description: string;
  custom_fields: Record<string, unknown>;
}

/** The settings of the demo's camera and feed, by name. */
const captureSettings = (apps: DemoApplication[]) =>
  Object.fromEntries(apps.filter((app) => CAPTURE_APPLICATIONS.some((capture) => capture.name === app.name)).map((app) => [app.name, app.custom_fields]));

/** The demo labeller's bearer header, and the applications they see. */
async function asLabeller(url: string) {
  const token = await fetch(`${url}/1/token`, { headers: { authorization: `Basic ${Buffer.from('labeller@demo.test:looplabel-demo').toString('base64')}` } });
  const bearer = { authorization: `Bearer ${(await token.json()).access_token}` };
  const { data } = await (await fetch(`${url}/1/tenants/current/applications`, { headers: bearer })).json();
  return { bearer, apps: data as DemoApplication[] };
}

const waitingIn = async (url: string, bearer: Record<string, string>, app: DemoApplication): Promise<number> =>
  (await (await fetch(`${url}/1/applications/${app.application_id}/feedback/pending`, { headers: bearer })).json()).pending;

describe('server/main.ts, built', () => {
  let dataDir: string;
  const started: ReturnType<typeof startService>[] = [];
  const start = (args: string[]) => {
    const service = startService([...args, '--data-dir', dataDir]);
    started.push(service);
    return service;
  };
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'looplabel-main-'));
    await buildService(BUILD_DIR);
  });
  afterAll(async () => {
    for (const service of started) if (service.child.exitCode === null) service.child.kill('SIGKILL');
    await Promise.all(started.map((service) => service.exited));
    await rm(dataDir, { recursive: true, force: true });
    await rm(BUILD_DIR, { recursive: true, force: true });
  });

  it('starts, prints its URL, answers, and exits 0 on SIGTERM', { timeout: 90_000 }, async () => {
    const service = start(['--port', '0', '--no-demo']);
    const url = await service.listening;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const signUp = await fetch(`${url}/1/users`, {
      method: 'POST',
      body: JSON.stringify({ email: 'first@example.com', password: 'first-password' }),
    });
    expect(signUp.status).toBe(201);
    const response = await fetch(`${url}/1/users/current/tenants`, {
      headers: { authorization: `Basic ${Buffer.from('first@example.com:first-password').toString('base64')}` },
    });
    expect(await response.json()).toMatchObject({ tenants: [{ type: 'usertenant' }] });
    expect(service.output().stdout).not.toContain('Demo sign-ins');

    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);

    // The data are the service user's alone: directories 0700, files 0600.
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    const entries = await readdir(dataDir, { withFileTypes: true, recursive: true });
    expect(entries.filter((entry) => entry.isFile()).length).toBeGreaterThan(100);
    for (const entry of entries) {
      const mode = (await stat(path.join(entry.parentPath, entry.name))).mode & 0o777;
      expect(mode, path.join(entry.parentPath, entry.name)).toBe(entry.isDirectory() ? 0o700 : 0o600);
    }
  });

  it('with the demo: listens, gives the inspection line a request each before the photographs, fills the rest in the background, stops cleanly mid-fill and resumes', { timeout: 240_000 }, async () => {
    // The quick demo (the photographs every photo application asks about, no release history): what this checks is
    // the start, the order of the first requests, the stop and the resume, not the whole photo library's processing.
    // One more than the first fill's, so that there is a background fill to stop and resume.
    const WAITING = DEMO_FIRST_WAITING + 1;
    const demoDir = await mkdtemp(path.join(os.tmpdir(), 'looplabel-main-demo-'));
    try {
      const first = startService(['--port', '0', '--data-dir', demoDir], { DEMO_WAITING: String(WAITING), DEMO_PHOTOS: 'first' });
      started.push(first);
      const url = await first.listening;
      // Every inspection-line application has a request before the detector has gone through the photographs.
      const labeller = await asLabeller(url);
      const firstCaptureSettings = captureSettings(labeller.apps);
      let early: string[] = [];
      await expect
        .poll(async () => {
          const waiting = await Promise.all(labeller.apps.map(async (app) => [app, await waitingIn(url, labeller.bearer, app)] as const));
          const lineWaiting = waiting.every(([app, n]) => !app.description.startsWith(INSPECTION_LINE) || n > 0);
          if (!lineWaiting) early = waiting.filter(([app, n]) => !app.description.startsWith(INSPECTION_LINE) && n > 0).map(([app]) => app.name);
          return lineWaiting || early.length > 0;
        }, { timeout: 120_000, interval: 200 })
        .toBe(true);
      expect(early).toEqual([]);
      // The first requests are made after the port opened: listening is never held up by the demo's queues.
      await expect.poll(() => first.output().stdout, { timeout: 120_000, interval: 200 }).toMatch(/listening on [^]*labeller@demo\.test[^]*Demo data seeded in [\d.]+ s \(\d+ scenes so far/);
      // stopped while the feeder fills the queues: it finishes the scene in hand and exits 0
      expect((await fetch(`${url}/1/version`)).status).toBe(200);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);

      const second = startService(['--port', '0', '--data-dir', demoDir], { DEMO_WAITING: String(WAITING), DEMO_PHOTOS: 'first' });
      started.push(second);
      const again = await second.listening;
      await expect.poll(() => second.output().stdout, { timeout: 180_000, interval: 200 }).toMatch(/Demo data ready: every inspection-line application has at least (\d+) feedback requests waiting/);
      expect(Number(/at least (\d+) feedback/.exec(second.output().stdout)?.[1])).toBeGreaterThanOrEqual(WAITING);
      const { bearer, apps } = await asLabeller(again);
      // the photo applications hold what the fixed set of photographs gave them; the inspection line is filled
      const inspectionLine = apps.filter((app) => app.description.startsWith(INSPECTION_LINE));
      // the camera and the feed bring images in and take no feedback
      const captures = apps.filter((app) => CAPTURE_APPLICATIONS.some((capture) => capture.name === app.name));
      expect(apps).toHaveLength(PHOTO_APPLICATIONS.length + DEMO_TYPES.length + CAPTURE_APPLICATIONS.length);
      expect(inspectionLine).toHaveLength(DEMO_TYPES.length);
      expect(captures).toHaveLength(CAPTURE_APPLICATIONS.length);
      // The camera and the feed listen where they did before, so their applications (and capture loops) stay as they were.
      expect(captureSettings(apps)).toEqual(firstCaptureSettings);
      for (const app of apps.filter((app) => !captures.includes(app))) {
        expect(await waitingIn(again, bearer, app)).toBeGreaterThanOrEqual(inspectionLine.includes(app) ? WAITING : 1);
      }
      expect(second.output().stdout).not.toContain('Demo sign-ins');
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } finally {
      for (const service of started) if (service.child.exitCode === null) service.child.kill('SIGKILL');
      await Promise.all(started.map((service) => service.exited));
      await rm(demoDir, { recursive: true, force: true });
    }
  });

  it('exits 1 with a clear message when the configuration is invalid', async () => {
    const service = start(['--host', '0.0.0.0']);
    expect(await service.exited).toBe(1);
    expect(service.output().stderr).toContain('Refusing to listen on 0.0.0.0 over plain HTTP');
  });

  it('runs a worker only beside a PostgreSQL server (the embedded database runs its jobs itself)', async () => {
    const worker = startService(['--data-dir', dataDir], {}, WORKER);
    expect(await worker.exited).toBe(1);
    expect(worker.output().stderr).toContain('the worker needs DATABASE_URL');
  });
});

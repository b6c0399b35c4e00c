import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '../../src/api/client';
import { listApplications } from '../../src/api/endpoints/applications';
import { getPendingCount } from '../../src/api/endpoints/feedback';
import { getToken } from '../../src/api/endpoints/identity';
import { builtService } from '../../scripts/build-service';
import { DEMO_READY_LINE } from '../../server/demo/ready-line';
import { isInspectionLine } from './demo-apps';

export interface RunningService {
  url: string;
  dataDir: string;
  /** Stops the service as SIGTERM would, keeping its data. */
  stop(): Promise<void>;
  /** Starts it again on the same port with the same data. */
  start(): Promise<void>;
  /** What it printed since it last started. */
  output(): string;
  /** Stops it and removes its data. */
  dispose(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The service exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/1/version`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The service did not start within 180 s:\n${output()}`);
}

/**
 * Feedback requests the demo keeps waiting in each application of an e2e service: enough for the specs that label
 * in the same application on one service (each pull takes 5, and the service tops the queue up once it is under 12),
 * and a quarter of the interactive default, so the template is made quickly (its fill is what the template waits for).
 */
export const E2E_DEMO_WAITING = 15;

/**
 * How e2e services run: quiet logs, smaller demo queues, and no automatic releases. A release re-reads every answered
 * image of its application, and the specs answer hundreds of items between them on two shared cores; the release
 * specs release on their page ("Release now"), and the service's tests cover the automatic ones.
 */
const E2E_SERVICE_ENV = { LOG_LEVEL: 'warn', DEMO_WAITING: String(E2E_DEMO_WAITING), RELEASE_EVERY_ANSWERS: '0' };

/** Where the global setup keeps a data directory with the demo data already made, for services to start from. */
export const TEMPLATE_DIR_VARIABLE = 'LOOPLABEL_E2E_TEMPLATE_DIR';

/**
 * Starts the real local service, built as `npm start` runs it, on a free loopback port with a fresh data directory
 * holding the demo data: a copy of the global setup's template when there is one (making the demo takes the service
 * most of a minute), else made by the service's own first start.
 */
export async function startService(env: Record<string, string> = {}): Promise<RunningService> {
  const entry = await builtService();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'looplabel-e2e-'));
  const template = process.env[TEMPLATE_DIR_VARIABLE];
  if (template) cpSync(template, dataDir, { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let log = '';

  async function start() {
    log = '';
    child = spawn(
      process.execPath,
      ['--enable-source-maps', entry, '--host', '127.0.0.1', '--port', String(port), '--data-dir', dataDir],
      { env: { ...process.env, ...E2E_SERVICE_ENV, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout?.on('data', (chunk) => (log += chunk));
    child.stderr?.on('data', (chunk) => (log += chunk));
    await waitUntilUp(url, child, () => log);
  }

  async function stop() {
    const running = child;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => running.kill('SIGKILL'), 10_000);
      running.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      running.kill('SIGTERM');
    });
  }

  await start();
  process.once('exit', () => child?.kill('SIGKILL'));
  return {
    url,
    dataDir,
    stop,
    start,
    output: () => log,
    dispose: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const FILL_TIMEOUT_MS = 420_000;

/**
 * The service listens, then processes the demo photographs and fills the inspection line's queues in the background
 * (docs/service.md), beside the photo applications' release history. The template must hold the full queues, as the
 * tests label many items in the same applications, so this waits until the labeller sees E2E_DEMO_WAITING waiting in
 * every inspection-line application (the photo applications have what the photographs gave them by then: they are
 * processed first), and until the service says the demo is ready: the history is written then.
 */
export async function waitForDemoQueues(service: RunningService): Promise<void> {
  const token = await getToken(createApiClient({ baseUrl: service.url }), { email: 'labeller@demo.test', password: 'looplabel-demo' });
  const client = createApiClient({ baseUrl: service.url, getToken: () => token.access_token });
  const data = (await listApplications(client)).data.filter(isInspectionLine);
  const deadline = Date.now() + FILL_TIMEOUT_MS;
  for (;;) {
    const counts = await Promise.all(data.map(async (app) => [app.type, (await getPendingCount(client, app.application_id)).pending] as const));
    if (counts.every(([, pending]) => pending >= E2E_DEMO_WAITING) && service.output().includes(DEMO_READY_LINE)) return;
    if (Date.now() > deadline) throw new Error(`The demo queues were not filled within ${FILL_TIMEOUT_MS / 1000} s: ${JSON.stringify(counts)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

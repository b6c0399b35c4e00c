import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const REPO = path.resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

export type ServiceRole = 'api' | 'worker';

/** A service process (`npm run serve` or `npm run worker`) on loopback, started by a test or a benchmark. */
export interface ServiceProcess {
  role: ServiceRole;
  /** `http://127.0.0.1:<port>` for an API instance. */
  baseUrl: string;
  /** What it printed, for a failing test's message. */
  output(): string;
  /** SIGKILL, as a crash or an out-of-memory kill would end it. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL if it has not ended in time; also removes its data directory. */
  stop(): Promise<void>;
}

const READY_LINE: Record<ServiceRole, RegExp> = {
  api: /Looplabel service listening on (http:\/\/127\.0\.0\.1:\d+)/,
  worker: /Looplabel worker running/,
};
const ENTRY: Record<ServiceRole, string> = { api: 'server/main.ts', worker: 'server/worker-main.ts' };

const ended = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

/**
 * Starts a service process with `env` (on a port of its own and a data directory of its own) and waits until it
 * is ready. It ends with this process even when this one is killed (see exit-with-parent.ts).
 */
export async function startServiceProcess(role: ServiceRole, env: Record<string, string>): Promise<ServiceProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `looplabel-${role}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/testing/exit-with-parent.ts', ENTRY[role]], {
    cwd: REPO,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, DEMO: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = ended(child);

  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The ${role} did not start in time:\n${output}`)), START_TIMEOUT_MS);
    const check = () => {
      const match = READY_LINE[role].exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off('data', check);
      resolve(match[1] ?? '');
    };
    child.stdout.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`The ${role} ended before it was ready:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });

  return {
    role,
    baseUrl,
    output: () => output,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function stopAll(processes: readonly ServiceProcess[]): Promise<void> {
  await Promise.all(processes.map((service) => service.stop()));
}

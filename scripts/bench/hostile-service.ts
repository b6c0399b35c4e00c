// What the hostile-input benchmarks share: the service in a process of its own (a fresh data folder, loopback, no
// demo), an account of its own as anyone may register, and `GET /1/version`'s latency while something runs.
import { spawn, type ChildProcess } from 'node:child_process';
import { openAsBlob } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { freePort } from '../../e2e/support/service';
import { createApiClient, type ApiClient } from '../../src/api/client';
import { createUser, getToken, listUserTenants } from '../../src/api/endpoints/identity';

const root = join(import.meta.dirname, '..', '..');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The service's resident memory now, in MB, from /proc. */
export async function memoryOf(pid: number): Promise<{ rss: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return { rss: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024 };
}

/** The service from source in a process of its own, once it answers `/1/version`. */
export async function startService(dataDir: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts'), '--port', String(port), '--data-dir', dataDir, '--no-demo'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'silent' },
    stdio: 'ignore',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 600; tries += 1) {
    if (await fetch(`${baseUrl}/1/version`).then((response) => response.ok, () => false)) return { child, baseUrl };
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error('The service did not start.');
}

/** A new account, admin of its own tenant as anyone may register: its client and bearer token. */
export async function register(baseUrl: string): Promise<{ client: ApiClient; token: string }> {
  const credentials = { email: 'attacker@bench.test', password: 'a-long-bench-password' };
  await createUser(createApiClient({ baseUrl }), credentials);
  const [tenant] = (await listUserTenants(createApiClient({ baseUrl }), credentials)).tenants;
  const { access_token } = await getToken(createApiClient({ baseUrl }), credentials, tenant!.tenant_id);
  return { client: createApiClient({ baseUrl, getToken: () => access_token }), token: access_token };
}

/** Posts the files (from disk, streamed) as an import; the status, the message and the time to the answer. */
export async function postImport(baseUrl: string, token: string, appId: string, format: string, files: { name: string; path: string }[]) {
  const form = new FormData();
  form.append('format', format);
  for (const file of files) form.append('files', await openAsBlob(file.path), file.name);
  const startedAt = performance.now();
  const response = await fetch(`${baseUrl}/1/applications/${appId}/imports`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { message?: string; import_id?: string };
  return { status: response.status, body, ms: performance.now() - startedAt };
}

/** `GET /1/version` every 50 ms until `until` settles: each latency in ms, and the service's largest RSS seen. */
export async function whileRunning(baseUrl: string, pid: number, until: Promise<unknown>): Promise<{ latencies: number[]; peakRss: number }> {
  let settled = false;
  void until.finally(() => (settled = true));
  const latencies: number[] = [];
  let peakRss = 0;
  while (!settled) {
    const startedAt = performance.now();
    await fetch(`${baseUrl}/1/version`).then((response) => response.arrayBuffer());
    latencies.push(performance.now() - startedAt);
    peakRss = Math.max(peakRss, (await memoryOf(pid)).rss);
    await sleep(50);
  }
  return { latencies, peakRss };
}

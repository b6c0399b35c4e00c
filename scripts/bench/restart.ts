// `npx tsx scripts/bench/restart.ts [--kills 3] [--label-seconds 8]`: restart under load. The service starts on a
// fresh data folder with the demo data through `npm start`'s code path (scripts/start.ts), 8 labellers pull and
// answer continuously (recording every 204), and the service is killed with SIGKILL and started again, `--kills`
// times. Each restart is timed until /1/version answers and until a pull answers; at the end every acknowledged
// answer must be among the applications' person answers (detections, only_user). Figures: docs/performance.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort } from '../../e2e/support/service';
import { DEMO_READY_LINE } from '../../server/demo/ready-line';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/demo/seed-identity';
import { createApiClient } from '../../src/api/client';
import { listApplications } from '../../src/api/endpoints/applications';
import { pullFeedback } from '../../src/api/endpoints/feedback';
import { getToken } from '../../src/api/endpoints/identity';
import { answeredApplication, answeredMedia, startLabellers } from './restart-labellers';
import { formatTable } from './table';

const RESTART_TARGET_SECONDS = 5;
const LABELLERS = 8;
const root = join(import.meta.dirname, '..', '..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RestartBenchOptions {
  kills: number;
  /** How long the labellers work before each kill, and after the last restart. */
  labelSeconds: number;
  /** Mean time a labeller looks at an item before answering. */
  thinkMs: number;
}

const RESTART_BENCH: RestartBenchOptions = { kills: 3, labelSeconds: 8, thinkMs: 1500 };

export interface RestartBenchResult {
  restarts: { version_s: number; pull_s: number; answers_before_kill: number }[];
  acknowledged: number;
  missing: number;
  load_average: string;
}

/** `npm start` in its own process group, so that SIGKILL reaches the service too (start.ts runs it as a child). */
function startService(port: number, dataDir: string) {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'start.ts'), '--host', '127.0.0.1', '--port', String(port), '--data-dir', dataDir], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', DEMO_WAITING: '40' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, exited, output: () => output };
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // the group is gone already
  }
}

async function until(what: string, deadlineMs: number, check: () => Promise<boolean>): Promise<void> {
  while (!(await check().catch(() => false))) {
    if (performance.now() > deadlineMs) throw new Error(`${what} did not happen in time`);
    await sleep(25);
  }
}

export async function benchRestart(options: RestartBenchOptions = RESTART_BENCH): Promise<RestartBenchResult> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'looplabel-restart-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let service = startService(port, dataDir);
  const stopService = () => killGroup(service.child, 'SIGKILL');
  process.once('exit', stopService);
  let labellers: ReturnType<typeof startLabellers> | null = null;
  try {
    await until('the demo data', performance.now() + 600_000, async () => {
      if (service.child.exitCode !== null) throw new Error(`The service exited:\n${service.output()}`);
      return service.output().includes(DEMO_READY_LINE);
    });
    const anonymous = createApiClient({ baseUrl });
    const credentials = { email: DEMO_ACCOUNTS.labeller.email, password: DEMO_PASSWORD };
    const tokens = await Promise.all(Array.from({ length: LABELLERS }, async () => (await getToken(anonymous, credentials)).access_token));
    const client = createApiClient({ baseUrl, getToken: () => tokens[0]! });
    const { data } = await listApplications(client);
    const answered = data.filter((app) => app.type === 'classification' || app.type === 'detection_fullframe').map(answeredApplication);
    labellers = startLabellers(baseUrl, tokens, answered, options.thinkMs);

    const restarts: RestartBenchResult['restarts'] = [];
    for (let kill = 0; kill < options.kills; kill += 1) {
      await sleep(options.labelSeconds * 1000);
      const answersBeforeKill = labellers.acknowledged.length;
      killGroup(service.child, 'SIGKILL');
      await service.exited;
      const startedAt = performance.now();
      service = startService(port, dataDir);
      const deadline = startedAt + 120_000;
      await until('/1/version', deadline, async () => (await fetch(`${baseUrl}/1/version`)).ok);
      const versionSeconds = (performance.now() - startedAt) / 1000;
      await until('a pull', deadline, async () => Array.isArray(await pullFeedback(client, answered[0]!.application.application_id, 1)));
      restarts.push({ version_s: versionSeconds, pull_s: (performance.now() - startedAt) / 1000, answers_before_kill: answersBeforeKill });
    }
    await sleep(options.labelSeconds * 1000);
    await labellers.stop();

    const present = new Map(await Promise.all(answered.map(async ({ application: { application_id: id } }) => [id, await answeredMedia(client, id)] as const)));
    const missing = labellers.acknowledged.filter((answer) => !present.get(answer.applicationId)?.has(answer.mediaId));
    return { restarts, acknowledged: labellers.acknowledged.length, missing: missing.length, load_average: loadavg().map((n) => n.toFixed(2)).join(', ') };
  } finally {
    await labellers?.stop();
    killGroup(service.child, 'SIGTERM');
    const stopped = await Promise.race([service.exited.then(() => true), sleep(10_000).then(() => false)]);
    if (!stopped) stopService();
    await service.exited;
    process.off('exit', stopService);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatRestartResult(result: RestartBenchResult): string {
  const rows = result.restarts.map((run, index) => [
    `restart ${index + 1} after SIGKILL (${LABELLERS} labellers, ${run.answers_before_kill} answers so far)`,
    Number(run.version_s.toFixed(2)),
    Number(run.pull_s.toFixed(2)),
    run.pull_s <= RESTART_TARGET_SECONDS ? 'met' : 'MISSED',
  ]);
  const table = formatTable(['restart benchmark', '/1/version s', 'pull s', `<= ${RESTART_TARGET_SECONDS} s`], rows);
  const verdict = result.missing === 0 ? 'all present' : `${result.missing} MISSING`;
  return `${table}\nacknowledged answers: ${result.acknowledged}, ${verdict}; load average: ${result.load_average}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { kills: { type: 'string' }, 'label-seconds': { type: 'string' } } });
  const result = await benchRestart({
    ...RESTART_BENCH,
    kills: Number(values.kills ?? RESTART_BENCH.kills),
    labelSeconds: Number(values['label-seconds'] ?? RESTART_BENCH.labelSeconds),
  });
  console.log(formatRestartResult(result));
  if (result.missing > 0) process.exitCode = 1;
}

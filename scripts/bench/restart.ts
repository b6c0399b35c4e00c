// `npx tsx scripts/bench/restart.ts [--quiet-kills 3] [--kills 3] [--label-seconds 8]`: back after a crash. The
// service starts through `npm start` on a fresh data folder with the demo data; once the demo is ready it is killed
// with SIGKILL and started again `--quiet-kills` times with nobody working, then `--kills` times while 8 labellers
// pull and answer continuously (recording every 204). Each restart is timed from the kill until /1/version answers
// and until a pull answers; at the end every acknowledged answer must be among the applications' person answers
// (detections, only_user). Targets: /1/version within 2 s of a quiet kill, 4 s under the labellers' load. Figures:
// docs/performance.md.
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

/** From the kill to /1/version answering: with nobody working, and with the labellers at work. */
const VERSION_TARGET_SECONDS = { quiet: 2, labelling: 4 };
const LABELLERS = 8;
const root = join(import.meta.dirname, '..', '..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RestartBenchOptions {
  /** Restarts with nobody working, before the labellers start. */
  quietKills: number;
  kills: number;
  /** How long the labellers work before each kill, and after the last restart. */
  labelSeconds: number;
  /** Mean time a labeller looks at an item before answering. */
  thinkMs: number;
}

const RESTART_BENCH: RestartBenchOptions = { quietKills: 3, kills: 3, labelSeconds: 8, thinkMs: 1500 };

interface TimedRestart {
  version_s: number;
  pull_s: number;
  /** The load average (1 minute) when the restart answered. */
  load: number;
}

export interface RestartBenchResult {
  quiet: TimedRestart[];
  restarts: (TimedRestart & { answers_before_kill: number })[];
  acknowledged: number;
  missing: number;
  load_average: string;
}

/** `npm start` in its own process group, so that SIGKILL reaches the service too (npm and start.mjs run it as a child). */
function startService(port: number, dataDir: string) {
  let output = '';
  const child = spawn('npm', ['start', '--silent', '--', '--host', '127.0.0.1', '--port', String(port), '--data-dir', dataDir], {
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

    /** Kills the service, starts it again and times it from the kill. */
    async function restart(): Promise<TimedRestart> {
      const killedAt = performance.now();
      killGroup(service.child, 'SIGKILL');
      await service.exited;
      service = startService(port, dataDir);
      const deadline = killedAt + 120_000;
      await until('/1/version', deadline, async () => (await fetch(`${baseUrl}/1/version`)).ok);
      const versionSeconds = (performance.now() - killedAt) / 1000;
      await until('a pull', deadline, async () => Array.isArray(await pullFeedback(client, answered[0]!.application.application_id, 1)));
      return { version_s: versionSeconds, pull_s: (performance.now() - killedAt) / 1000, load: loadavg()[0]! };
    }

    const quiet: TimedRestart[] = [];
    for (let kill = 0; kill < options.quietKills; kill += 1) {
      // the demo's deferred check and top-up after the last restart are done: nothing is running
      await sleep(5000);
      quiet.push(await restart());
    }

    labellers = startLabellers(baseUrl, tokens, answered, options.thinkMs);
    const restarts: RestartBenchResult['restarts'] = [];
    for (let kill = 0; kill < options.kills; kill += 1) {
      await sleep(options.labelSeconds * 1000);
      const answersBeforeKill = labellers.acknowledged.length;
      restarts.push({ ...(await restart()), answers_before_kill: answersBeforeKill });
    }
    await sleep(options.labelSeconds * 1000);
    await labellers.stop();

    const present = new Map(await Promise.all(answered.map(async ({ application: { application_id: id } }) => [id, await answeredMedia(client, id)] as const)));
    const missing = labellers.acknowledged.filter((answer) => !present.get(answer.applicationId)?.has(answer.mediaId));
    return { quiet, restarts, acknowledged: labellers.acknowledged.length, missing: missing.length, load_average: loadavg().map((n) => n.toFixed(2)).join(', ') };
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
  const row = (label: string, run: TimedRestart, target: number) => [
    label,
    Number(run.version_s.toFixed(2)),
    Number(run.pull_s.toFixed(2)),
    run.load.toFixed(2),
    run.version_s <= target ? 'met' : 'MISSED',
  ];
  const rows = [
    ...result.quiet.map((run, index) => row(`quiet restart ${index + 1} after SIGKILL`, run, VERSION_TARGET_SECONDS.quiet)),
    ...result.restarts.map((run, index) =>
      row(`restart ${index + 1} after SIGKILL (${LABELLERS} labellers, ${run.answers_before_kill} answers so far)`, run, VERSION_TARGET_SECONDS.labelling),
    ),
  ];
  const target = `/1/version <= ${VERSION_TARGET_SECONDS.quiet} s quiet, ${VERSION_TARGET_SECONDS.labelling} s labelling`;
  const table = formatTable(['restart benchmark (from the kill)', '/1/version s', 'pull s', 'load (1 min)', target], rows);
  const verdict = result.missing === 0 ? 'all present' : `${result.missing} MISSING`;
  return `${table}\nacknowledged answers: ${result.acknowledged}, ${verdict}; load average: ${result.load_average}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { 'quiet-kills': { type: 'string' }, kills: { type: 'string' }, 'label-seconds': { type: 'string' } } });
  const result = await benchRestart({
    ...RESTART_BENCH,
    quietKills: Number(values['quiet-kills'] ?? RESTART_BENCH.quietKills),
    kills: Number(values.kills ?? RESTART_BENCH.kills),
    labelSeconds: Number(values['label-seconds'] ?? RESTART_BENCH.labelSeconds),
  });
  console.log(formatRestartResult(result));
  if (result.missing > 0) process.exitCode = 1;
}

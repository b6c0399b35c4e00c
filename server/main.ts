import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ensurePrivateDir } from './data-dir';
import { seedDemo, startDemoSources, type DemoData } from './demo';
import { DEMO_READY_LINE } from './demo/ready-line';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo/seed-identity';
import { exitOnSignal, failedToStart, readConfig, say } from './process';

/**
 * The demo's queues, after the service listens: a few requests per application at once, then the background fill and
 * the photo applications' release history. The planner's statistics then cover the new demo data at once rather than
 * at the first maintenance.
 */
async function feedDemo(app: FastifyInstance, demo: DemoData): Promise<void> {
  const startedAt = performance.now();
  const first = await demo.fillFirst();
  if (first.scenes > 0) {
    await app.maintainDatabase();
    say(`Demo data seeded in ${((performance.now() - startedAt) / 1000).toFixed(1)} s (${first.scenes} scenes so far; more follow in the background).`);
  }
  demo.feeder.start();
  // the photo applications' releases beside the inspection line's top-up: the detector and the scenes each have a thread
  const history = demo.writeHistory().catch((error: unknown) => {
    app.log.error({ err: error }, 'Writing the demo\'s release history failed.');
    return 0;
  });
  const result = await demo.feeder.filled;
  if (result.scenes > 0) await app.maintainDatabase();
  const releases = await history;
  if (releases > 0) say(`Demo history: ${releases} releases of the photo applications.`);
  const least = Math.min(...Object.values(result.waiting));
  say(`${DEMO_READY_LINE} every inspection-line application has at least ${least} feedback requests waiting (${first.scenes + result.scenes} scenes in ${((performance.now() - startedAt) / 1000).toFixed(1)} s).`);
}

/** After a restart, how long the demo's check and top-up wait once the port is open, so that the first requests go first. */
const RESTART_DEMO_DELAY_MS = 2000;

async function main(): Promise<void> {
  // Whatever the service writes (the data directory, the database, media, the secret) is its own user's alone.
  process.umask(0o077);
  const config = readConfig();
  await ensurePrivateDir(config.dataDir);
  const app = await buildApp(config);

  // Before listening only what requests need: the database (migrated) and, on the first start, the demo's accounts and
  // applications. The demo's camera and feed listen first (where they did in the last run), before the job queue
  // runs their capture loops. A restart finds the demo seeded and checks it a moment after the port opened (its
  // queries hold the embedded database, and so the event loop, for a second or more), as whatever depends on the
  // backlog left by the last run (the job queue's pass over waiting jobs, the demo's top-up, database maintenance)
  // runs unawaited once the port is open: so a restart answers at once (docs/performance.md, "Back after a crash").
  const demoStart = config.demo ? await startDemoSources(app.db) : null;
  let demo = demoStart && !demoStart.seeded ? await seedDemo(app, demoStart.sources, { waiting: config.demoWaiting, photos: config.demoPhotos }) : null;
  let deferredDemo: NodeJS.Timeout | undefined;
  // The demo feeder and history stop after the scene or answer in hand, before the processing and the database they use.
  exitOnSignal(async () => {
    clearTimeout(deferredDemo);
    await demo?.feeder.stop();
    await demo?.stopHistory();
    await app.close();
    await demoStart?.sources.close();
  }, app.log);

  await app.listen({ port: config.port, host: config.host }); // the job queue starts in the background

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  say(`Looplabel service listening on ${config.tls ? 'https' : 'http'}://${host}:${port}`);
  if (demo?.identity.created) {
    say(`Demo sign-ins (password "${DEMO_PASSWORD}"):`);
    for (const account of Object.values(DEMO_ACCOUNTS)) say(`  ${account.email} (${account.role})`);
  }
  if (!demoStart) return;
  const feed = (seeded: Promise<DemoData>) =>
    seeded.then((made) => feedDemo(app, made)).catch((error: unknown) => app.log.error({ err: error }, 'Feeding the demo applications failed.'));
  if (demo) void feed(Promise.resolve(demo));
  else deferredDemo = setTimeout(() => void feed(seedDemo(app, demoStart.sources, { waiting: config.demoWaiting, photos: config.demoPhotos }).then((made) => (demo = made))), RESTART_DEMO_DELAY_MS);
}

main().catch(failedToStart);

import { buildApp } from './app';
import { ensurePrivateDir } from './data-dir';
import { DEMO_READY_LINE, seedDemo } from './demo';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo/seed-identity';
import { exitOnSignal, failedToStart, readConfig, say } from './process';

async function main(): Promise<void> {
  // Whatever the service writes (the data directory, the database, media, the secret) is its own user's alone.
  process.umask(0o077);
  const config = readConfig();
  await ensurePrivateDir(config.dataDir);
  const app = await buildApp(config);
  await app.ready(); // the job queue starts: the demo's uploads are processed as they come

  if (config.demo) say('Checking the demo data (a first start creates it, which takes a few seconds)…');
  const demo = config.demo ? await seedDemo(app, config.demoWaiting) : null;
  // The planner's statistics then cover the demo data at once rather than at the first maintenance.
  if (demo && demo.firstFill.scenes > 0) await app.maintainDatabase();

  // The demo feeder stops after the scene in hand, before the processing and the database it uses.
  exitOnSignal(async () => {
    await demo?.feeder.stop();
    await app.close();
  }, app.log);

  await app.listen({ port: config.port, host: config.host });

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  say(`Looplabel service listening on ${config.tls ? 'https' : 'http'}://${host}:${port}`);
  if (demo && demo.firstFill.scenes > 0) {
    say(`Demo data seeded in ${demo.seconds.toFixed(1)} s (${demo.firstFill.scenes} scenes so far; more follow in the background).`);
  }
  if (demo?.identity.created) {
    say(`Demo sign-ins (password "${DEMO_PASSWORD}"):`);
    for (const account of Object.values(DEMO_ACCOUNTS)) say(`  ${account.email} (${account.role})`);
  }
  if (demo) {
    const startedAt = performance.now();
    demo.feeder.start();
    void demo.feeder.filled.then(async (result) => {
      if (result.scenes > 0) await app.maintainDatabase();
      const least = Math.min(...Object.values(result.waiting));
      say(`${DEMO_READY_LINE} every demo application has at least ${least} feedback requests waiting (${result.scenes} more scenes in ${((performance.now() - startedAt) / 1000).toFixed(1)} s).`);
    });
  }
}

main().catch(failedToStart);

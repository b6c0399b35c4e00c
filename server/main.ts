import { buildApp } from './app';
import { ConfigError, loadConfig, type ServiceConfig } from './config';
import { ensurePrivateDir } from './data-dir';
import { DEMO_READY_LINE, seedDemo } from './demo';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo/seed-identity';

const say = (line: string) => process.stdout.write(`${line}\n`);

function readConfig(): ServiceConfig {
  try {
    return loadConfig(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`looplabel: ${error.message}\n`);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  // Whatever the service writes (the data directory, the database, media, the secret) is its own user's alone.
  process.umask(0o077);
  const config = readConfig();
  await ensurePrivateDir(config.dataDir);
  const app = await buildApp(config);

  if (config.demo) say('Checking the demo data (a first start creates it, which takes a few seconds)…');
  const demo = config.demo ? await seedDemo(app, config.demoWaiting) : null;
  // The planner's statistics then cover the demo data at once rather than at the first maintenance.
  if (demo && demo.firstFill.scenes > 0) await app.maintainDatabase();

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) process.exit(1); // a second signal: stop waiting
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // The demo feeder stops after the scene in hand, before the processing and the database it uses.
    Promise.resolve(demo?.feeder.stop())
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

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

main().catch((error: unknown) => {
  process.stderr.write(`looplabel: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

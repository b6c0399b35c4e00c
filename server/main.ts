import { buildApp } from './app';
import { ConfigError, loadConfig, type ServiceConfig } from './config';
import { ensurePrivateDir } from './data-dir';
import { seedDemo } from './demo';
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

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) process.exit(1); // a second signal: stop waiting
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  if (config.demo) say('Checking the demo data (a first start creates it, which takes about half a minute)…');
  const demo = config.demo ? await seedDemo(app) : null;
  // The planner's statistics then cover the demo data at once rather than at the first maintenance.
  if (demo && demo.applications.scenesUploaded > 0) await app.maintainDatabase();
  await app.listen({ port: config.port, host: config.host });

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  say(`Looplabel service listening on ${config.tls ? 'https' : 'http'}://${host}:${port}`);
  if (demo && demo.applications.scenesUploaded > 0) {
    say(`Demo data seeded in ${demo.seconds.toFixed(1)} s (${demo.applications.scenesUploaded} scenes).`);
  }
  if (demo?.identity.created) {
    say(`Demo sign-ins (password "${DEMO_PASSWORD}"):`);
    for (const account of Object.values(DEMO_ACCOUNTS)) say(`  ${account.email} (${account.role})`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`looplabel: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

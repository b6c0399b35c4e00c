import { buildApp } from './app';
import { ensurePrivateDir } from './data-dir';
import { exitOnSignal, failedToStart, readConfig, say } from './process';

/**
 * `npm run worker`: runs the background jobs (media processing, releases, feedback scheduling, callback delivery)
 * of the instances that share its PostgreSQL server and media store, and answers no requests.
 */
async function main(): Promise<void> {
  process.umask(0o077);
  const config = { ...readConfig(), backgroundJobs: true };
  if (!config.databaseUrl) {
    process.stderr.write('looplabel: the worker needs DATABASE_URL: with the embedded database the service runs its jobs itself.\n');
    process.exit(1);
  }
  await ensurePrivateDir(config.dataDir);
  const app = await buildApp(config);
  exitOnSignal(() => app.close(), app.log);
  await app.ready();
  say('Looplabel worker running background jobs.');
}

main().catch(failedToStart);

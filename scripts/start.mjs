// @ts-check
// `npm start`: builds the app and the service when a build is missing or older than its sources, then runs the built
// service, which serves the API and the built app on one origin. Arguments pass through to the service (--port, ...).
// Plain JavaScript that Node runs as it is, so that a start (a restart after a crash) loads no TypeScript loader
// first: only a build, when one is needed, runs through its tools (docs/performance.md, "Back after a crash").
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { APP_BUILD, isStale, SERVICE_BUILD } from './staleness.mjs';

const root = join(import.meta.dirname, '..');

/**
 * Runs Node with these arguments in the repository, its output passed through; ends this process when it failed.
 * @param {string[]} args
 */
function runNode(args) {
  const { status } = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}

if (isStale(APP_BUILD)) {
  console.log('Building the app (its build is missing or stale)…');
  runNode([join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn']);
}
if (isStale(SERVICE_BUILD)) {
  console.log('Building the service (its build is missing or stale)…');
  runNode(['--import', 'tsx', join(root, 'scripts', 'build-service.ts')]);
}
runNode(['--enable-source-maps', join(root, SERVICE_BUILD.output), ...process.argv.slice(2)]);

// `npm start`: builds the app when its build is missing or older than its sources, then runs the local service,
// which serves the API and the built app on one origin. Arguments pass through to the service (--port, ...).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const buildMarker = join(root, 'dist', 'index.html');
const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newestChange(path: string): number {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const stats = statSync(full);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(full).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stats.mtimeMs);
}

function buildIsStale(): boolean {
  if (!existsSync(buildMarker)) return true;
  const built = statSync(buildMarker).mtimeMs;
  return sources.some((source) => newestChange(source) > built);
}

if (buildIsStale()) {
  console.log('Building the app (its build is missing or stale)…');
  const build = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const service = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(service.status ?? 0);

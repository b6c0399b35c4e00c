// `npm start`: builds the app and the service when a build is missing or older than its sources, then runs the built
// service, which serves the API and the built app on one origin. Arguments pass through to the service (--port, ...).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { builtService } from './build-service';
import { isStale } from './staleness';

const root = join(import.meta.dirname, '..');
const APP_SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'];

if (isStale(join(root, 'dist', 'index.html'), APP_SOURCES)) {
  console.log('Building the app (its build is missing or stale)…');
  const build = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const service = spawnSync(process.execPath, ['--enable-source-maps', await builtService(console.log), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(service.status ?? 0);

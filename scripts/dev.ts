// `npm run dev`: the local service in watch mode on DEV_API_PORT (8081) and the Vite dev server with hot reload,
// which proxies /1 to it. Ctrl-C stops both.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const apiPort = process.env.DEV_API_PORT ?? '8081';
const children: ChildProcess[] = [
  spawn(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'watch', 'server/main.ts', '--port', apiPort], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://127.0.0.1:5173' },
  }),
  spawn(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DEV_API_PORT: apiPort },
  }),
];

function stopAll(signal: NodeJS.Signals) {
  for (const child of children) child.kill(signal);
}
process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));
for (const child of children) child.on('exit', (code) => {
  stopAll('SIGTERM');
  process.exitCode = code ?? 0;
});

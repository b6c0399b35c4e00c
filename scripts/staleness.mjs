// @ts-check
// Whether a build is missing or older than its sources. Plain JavaScript, shared by `npm start` (scripts/start.mjs,
// which Node runs without a TypeScript loader) and scripts/build-service.ts.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

/** The app's build (one of its files) and what it is made of (repository paths). */
export const APP_BUILD = { output: 'dist/index.html', sources: ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'] };

/** The service's bundle (its entry) and what it is made of: a change to any of them makes the build stale. */
export const SERVICE_BUILD = { output: 'build/service/main.mjs', sources: ['server', 'src/api', 'scripts/build-service.ts'] };

/**
 * The latest modification under a path of the repository (a file, or a folder and everything in it); 0 if absent.
 * @param {string} path
 * @returns {number}
 */
function newestChange(path) {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const stats = statSync(full);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(full).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stats.mtimeMs);
}

/**
 * Whether a build (its output file) is missing or older than any of its sources.
 * @param {{ output: string; sources: readonly string[] }} build
 * @returns {boolean}
 */
export function isStale({ output, sources }) {
  const built = join(root, output);
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return sources.some((source) => newestChange(source) > builtAt);
}

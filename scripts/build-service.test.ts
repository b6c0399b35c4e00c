import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildService } from './build-service';
import { SERVICE_BUILD } from './staleness.mjs';

const BUILD_DIR = path.join(import.meta.dirname, '..', 'build', `build-test-${process.pid}`);

describe('buildService', () => {
  let inputs: string[];
  beforeAll(async () => {
    inputs = await buildService(BUILD_DIR);
  });
  afterAll(() => rm(BUILD_DIR, { recursive: true, force: true }));

  it('reads only files under the sources that make its build stale', () => {
    const outside = inputs.filter((input) => !SERVICE_BUILD.sources.some((source) => input === source || input.startsWith(`${source}/`)));
    expect(inputs.length).toBeGreaterThan(100);
    expect(outside).toEqual([]);
  });

  it('builds every worker thread the service starts beside it, as JavaScript that needs no tsx', () => {
    const built = readdirSync(BUILD_DIR).filter((name) => name.endsWith('.mjs'));
    const started = built.flatMap((name) =>
      [...readFileSync(path.join(BUILD_DIR, name), 'utf8').matchAll(/new URL\("\.\/([\w-]+\.mjs)", import\.meta\.url\)/g)].map((match) => match[1]!),
    );
    const threads = [...new Set(started)].sort();
    expect(threads).toEqual(['content-worker-entry.mjs', 'exemplar-worker-entry.mjs', 'feed-worker-entry.mjs', 'parse-worker-entry.mjs', 'reader-worker-entry.mjs', 'scene-worker.mjs', 'worker-entry.mjs']);
    for (const thread of threads) {
      const file = path.join(BUILD_DIR, thread);
      expect(existsSync(file), thread).toBe(true);
      expect(readFileSync(file, 'utf8'), thread).not.toMatch(/from "tsx|tsImport/);
    }
  });
});

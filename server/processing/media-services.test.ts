import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { access, mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeScratchDir } from '../media/scratch-dir';
import { createTestApp } from '../testing/test-app';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'looplabel-leftovers-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const exists = (path: string) => access(path).then(
  () => true,
  () => false,
);

/** Starts the app on the data directory with the disk store and closes it, which waits for its removal of leftovers. */
async function startAndStop(): Promise<void> {
  const t = await createTestApp({ config: { dataDir, mediaStore: { kind: 'disk' } } });
  await t.app.ready();
  await t.close();
}

/** The pid of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await once(child, 'exit');
  return child.pid!;
}

describe('at start, what killed runs left behind', () => {
  it('removes the temporary files written before this process started, and keeps the stored files', async () => {
    const folder = join(dataDir, 'media', 'ab', 'cd');
    await mkdir(folder, { recursive: true });
    const beforeThisProcess = new Date(Date.now() - process.uptime() * 1000 - 60_000);
    const leftover = join(folder, 'abcd01.0f3e.tmp');
    const blob = join(folder, 'abcd01');
    const written = join(folder, 'abcd02.77aa.tmp');
    for (const file of [leftover, blob]) {
      await writeFile(file, 'bytes');
      await utimes(file, beforeThisProcess, beforeThisProcess);
    }
    await writeFile(written, 'a write of this process');

    await startAndStop();
    expect(await exists(leftover)).toBe(false);
    expect(await exists(blob)).toBe(true);
    expect(await exists(written)).toBe(true);
  });

  it("removes the scratch folders of processes that are gone, and keeps a running process's", async () => {
    const orphan = join(tmpdir(), `looplabel-video-${await deadPid()}-abc123`);
    await mkdir(orphan);
    await writeFile(join(orphan, 'input'), 'a video');
    const running = await makeScratchDir('video');
    try {
      await startAndStop();
      expect(await exists(orphan)).toBe(false);
      expect(await exists(running)).toBe(true);
    } finally {
      await rm(orphan, { recursive: true, force: true });
      await rm(running, { recursive: true, force: true });
    }
  });
});

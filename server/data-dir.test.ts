import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { ensurePrivateDir, restrictTree } from './data-dir';
import { DEMO_PASSWORD, seedIdentity } from './demo/seed-identity';
import { makeImage } from './media/test-images';
import { multipartBody } from './testing/multipart-body';
import { basicAuth, testConfig } from './testing/test-app';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'looplabel-modes-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

/** Every entry under `dir` with its mode, files and directories apart. */
async function modesUnder(dir: string) {
  const files = new Set<number>();
  const dirs = new Set<number>([await modeOf(dir)]);
  let fileCount = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const mode = await modeOf(path.join(entry.parentPath, entry.name));
    if (entry.isDirectory()) dirs.add(mode);
    else {
      files.add(mode);
      fileCount += 1;
    }
  }
  return { files: [...files], dirs: [...dirs], fileCount };
}

describe('file modes', () => {
  it('makes a directory private, also one that existed', async () => {
    const dir = path.join(root, 'existing');
    await mkdir(dir, { mode: 0o755 });
    await chmod(dir, 0o755);
    await ensurePrivateDir(dir);
    expect(await modeOf(dir)).toBe(0o700);
    await ensurePrivateDir(path.join(root, 'new', 'nested'));
    expect(await modeOf(path.join(root, 'new'))).toBe(0o700);
    expect(await modeOf(path.join(root, 'new', 'nested'))).toBe(0o700);
  });

  it('restricts a tree to 0700 directories and 0600 files', async () => {
    const dir = path.join(root, 'tree');
    await mkdir(path.join(dir, 'a', 'b'), { recursive: true, mode: 0o755 });
    await writeFile(path.join(dir, 'a', 'b', 'f'), 'x', { mode: 0o666 });
    await chmod(path.join(dir, 'a', 'b', 'f'), 0o666);
    await restrictTree(dir);
    expect(await modesUnder(dir)).toEqual({ files: [0o600], dirs: [0o700], fileCount: 1 });
  });

  it('keeps the data directory of a service on disk (database, media, secret) private', { timeout: 120_000 }, async () => {
    const dataDir = path.join(root, 'data');
    await mkdir(dataDir, { mode: 0o755 });
    await chmod(dataDir, 0o755);
    const app = await buildApp(testConfig({ dataDir }));
    try {
      const { tenantIds } = await seedIdentity(app.db);
      const token = await app.inject({
        method: 'GET',
        url: `/1/token?tenant_id=${tenantIds.demoLab}`,
        headers: { authorization: basicAuth('admin@demo.test', DEMO_PASSWORD) },
      });
      const form = await multipartBody([['file', await makeImage('png', 300, 200), 'a.png']]);
      const upload = await app.inject({
        method: 'POST',
        url: '/1/media',
        headers: { authorization: `Bearer ${token.json<{ access_token: string }>().access_token}`, ...form.headers },
        payload: form.payload,
      });
      expect(upload.statusCode).toBe(201);
      expect(await modesUnder(path.join(dataDir, 'media'))).toMatchObject({ files: [0o600], dirs: [0o700] });
    } finally {
      await app.close();
    }
    expect(await modeOf(dataDir)).toBe(0o700);
    expect(await modeOf(path.join(dataDir, 'secret.key'))).toBe(0o600);
    const database = await modesUnder(path.join(dataDir, 'db'));
    expect(database.fileCount).toBeGreaterThan(100);
    expect(database).toMatchObject({ files: [0o600], dirs: [0o700] });
  });
});

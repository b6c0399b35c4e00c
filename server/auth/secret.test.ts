import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecret } from './secret';

let dataDir: string;
beforeEach(async () => {
  dataDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'looplabel-secret-')), 'nested');
});
afterEach(() => rm(path.dirname(dataDir), { recursive: true, force: true }));

describe('loadOrCreateSecret', () => {
  it('creates a 32-byte secret readable by the owner only, and reads the same one later', async () => {
    const secret = await loadOrCreateSecret(dataDir);
    expect(secret).toHaveLength(32);
    const file = path.join(dataDir, 'secret.key');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(secret.toString('hex'));
    expect(await loadOrCreateSecret(dataDir)).toEqual(secret);
  });

  it('refuses a secret file that is too short', async () => {
    await loadOrCreateSecret(dataDir);
    await writeFile(path.join(dataDir, 'secret.key'), 'abcd');
    await expect(loadOrCreateSecret(dataDir)).rejects.toThrow(/fewer than 32 bytes/);
  });
});

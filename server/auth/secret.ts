import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../data-dir';

const SECRET_BYTES = 32;

/** The token-signing secret of `<dataDir>/secret.key`, created (readable by the owner only) on first start. */
export async function loadOrCreateSecret(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, 'secret.key');
  try {
    const secret = Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
    if (secret.length < SECRET_BYTES) throw new Error(`${file} holds fewer than ${SECRET_BYTES} bytes; delete it to make a new one.`);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await ensurePrivateDir(dataDir);
  const secret = randomBytes(SECRET_BYTES);
  // `wx` fails when another process created the file meanwhile; then its secret is the one to use.
  try {
    await writeFile(file, secret.toString('hex') + '\n', { mode: PRIVATE_FILE_MODE, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return loadOrCreateSecret(dataDir);
  }
}

import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../data-dir';
import type { DatabaseHandle } from '../db';
import { serviceSecret } from '../db/schema';

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

/**
 * The secret that signs tokens and media links. Every instance on one PostgreSQL server must share it, so there it
 * lives in the database: the first instance to start stores its own (an existing `secret.key` keeps its tokens
 * valid), and the others take that one. The embedded database's one process keeps it in `secret.key`.
 */
export async function loadServiceSecret(dataDir: string, database: DatabaseHandle): Promise<Buffer> {
  const own = await loadOrCreateSecret(dataDir);
  if (database.driver !== 'postgres') return own;
  await database.db.insert(serviceSecret).values({ id: 1, secret: own.toString('hex') }).onConflictDoNothing();
  const [row] = await database.db.select().from(serviceSecret);
  return Buffer.from(row!.secret, 'hex');
}

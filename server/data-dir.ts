import { chmod, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * The data directory holds the token-signing secret, the embedded database and the media: readable by the service's
 * own user only. Directories are 0700 and files 0600, set explicitly where the service writes (the process also
 * starts with umask 077, see main.ts). PGlite creates its files 0666 whatever the umask; they sit in 0700
 * directories, so nobody else can reach them, and `restrictTree` sets them to 0600 once the service listens, after
 * each maintenance and when it closes.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the directory (and its parents) 0700, and makes an existing one 0700. */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(dir, PRIVATE_DIR_MODE);
}

/** Makes every directory under `dir` (itself included) 0700 and every file 0600. */
export async function restrictTree(dir: string): Promise<void> {
  await chmod(dir, PRIVATE_DIR_MODE);
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const entryPath = path.join(entry.parentPath, entry.name);
    // A file may go away meanwhile (PGlite removes temporary files); that is fine.
    if (entry.isDirectory()) await chmod(entryPath, PRIVATE_DIR_MODE).catch(ignoreMissing);
    else if (entry.isFile()) await chmod(entryPath, PRIVATE_FILE_MODE).catch(ignoreMissing);
  }
}

function ignoreMissing(error: NodeJS.ErrnoException): void {
  if (error.code !== 'ENOENT') throw error;
}

import { createHash, randomUUID } from 'node:crypto';
import { copyFile, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../data-dir';
import { dirname, join } from 'node:path';

/** Inclusive byte positions within a blob, as an HTTP Range names them. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Given a blob's size, the part of it to read, or null for all of it. */
type PickRange = (size: number) => ByteRange | null;

export interface StoredBlob {
  /** The whole blob, or only the picked range. */
  body: Buffer | NodeJS.ReadableStream;
  /** Of the whole blob. */
  size: number;
  contentType: string;
  /** The part in `body`, when a range was picked. */
  range?: ByteRange;
}

/**
 * Content-addressed storage for media bytes: the key is the SHA-256 of the bytes, so identical uploads share one
 * blob. Callers must delete a key only when nothing refers to it any more. An object store can implement this too.
 * Beside the media, the service keeps files it names itself (label exports) under `<prefix>/<name>` keys.
 */
export interface BlobStore {
  put(bytes: Buffer, contentType: string): Promise<{ key: string }>;
  /** Stores the local file under a named key (see isNamedKey), replacing what was there; its bytes stream through. */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** Null for an unknown or malformed key. `pickRange` reads only part of it (a video seeked in the browser). */
  get(key: string, pickRange?: PickRange): Promise<StoredBlob | null>;
  delete(key: string): Promise<void>;
  has(key: string): Promise<boolean>;
}

const BLOB_KEY = /^[0-9a-f]{64}$/;
/** `exports/exp_abc`: a lower-case prefix, a slash and a name of letters, digits, `_` and `-`. */
const NAMED_KEY = /^[a-z]+\/[A-Za-z0-9_-]{1,100}$/;

export function blobKeyOf(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Guards every path built from a key, so a key from a URL can never walk out of the store. */
function isBlobKey(key: string): boolean {
  return BLOB_KEY.test(key);
}

/** A key the service names itself, such as `exports/<export_id>`; never one of the media's content keys. */
export function isNamedKey(key: string): boolean {
  return NAMED_KEY.test(key);
}

/** A media key or a named one: a key the stores accept. */
export const isStoredKey = (key: string) => isBlobKey(key) || isNamedKey(key);

export function checkNamedKey(key: string): void {
  if (!isNamedKey(key)) throw new Error(`Not a named blob key: ${key}`);
}

function isMissingFile(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** Of the files being written: no key has a dot, so no stored file ends so. */
const TEMPORARY_SUFFIX = '.tmp';
const temporaryPathOf = (path: string) => `${path}.${randomUUID()}${TEMPORARY_SUFFIX}`;

/** Writes to a temporary file beside the target, then renames it, so readers never see a partial file. */
async function writeFileAtomically(path: string, data: Buffer | string): Promise<void> {
  const temporaryPath = temporaryPathOf(path);
  try {
    const handle = await open(temporaryPath, 'wx', PRIVATE_FILE_MODE);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporaryPath, path);
  } catch (error) {
    await rm(temporaryPath, { force: true });
    throw error;
  }
}

/** Copies the file beside the target, then renames it, so readers never see a partial file. */
async function copyFileAtomically(source: string, path: string): Promise<void> {
  const temporaryPath = temporaryPathOf(path);
  try {
    await copyFile(source, temporaryPath);
    await rename(temporaryPath, path);
  } catch (error) {
    await rm(temporaryPath, { force: true });
    throw error;
  }
}

/**
 * Removes the temporary files under a disk store's folder that were last written before `writtenBefore` (ms since the
 * epoch): those of writes a killed process never renamed. A write in progress keeps its file's time current. Returns
 * how many went.
 */
export async function removeTemporaryFiles(rootDir: string, writtenBefore: number): Promise<number> {
  let removed = 0;
  for (const entry of await readdir(rootDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(TEMPORARY_SUFFIX)) continue;
    const file = join(entry.parentPath, entry.name);
    // Renamed or removed meanwhile: not a leftover.
    const written = await stat(file).then((stats) => stats.mtimeMs, () => Infinity);
    if (written >= writtenBefore) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

/**
 * Blobs live at `<rootDir>/ab/cd/<key>` and named ones at `<rootDir>/<prefix>/<name>`, each with its content type in
 * `<key>.type` beside it.
 */
export function createFileBlobStore(rootDir: string): BlobStore {
  const blobPath = (key: string) => (isNamedKey(key) ? join(rootDir, key) : join(rootDir, key.slice(0, 2), key.slice(2, 4), key));
  const contentTypePath = (key: string) => `${blobPath(key)}.type`;

  async function has(key: string): Promise<boolean> {
    if (!isStoredKey(key)) return false;
    try {
      return (await stat(blobPath(key))).isFile();
    } catch (error) {
      if (isMissingFile(error)) return false;
      throw error;
    }
  }

  return {
    has,

    async put(bytes, contentType) {
      const key = blobKeyOf(bytes);
      if (await has(key)) return { key };
      await mkdir(dirname(blobPath(key)), { recursive: true, mode: PRIVATE_DIR_MODE });
      // The type goes first: once the blob exists, its type does too.
      await writeFileAtomically(contentTypePath(key), contentType);
      await writeFileAtomically(blobPath(key), bytes);
      return { key };
    },

    async putFile(key, filePath, contentType) {
      checkNamedKey(key);
      await mkdir(dirname(blobPath(key)), { recursive: true, mode: PRIVATE_DIR_MODE });
      await writeFileAtomically(contentTypePath(key), contentType);
      await copyFileAtomically(filePath, blobPath(key));
    },

    async get(key, pickRange) {
      if (!isStoredKey(key)) return null;
      try {
        const contentType = await readFile(contentTypePath(key), 'utf8');
        const handle = await open(blobPath(key), 'r');
        const { size } = await handle.stat();
        const range = pickRange?.(size) ?? undefined;
        return { body: handle.createReadStream(range ? { start: range.start, end: range.end } : {}), size, contentType, ...(range ? { range } : {}) };
      } catch (error) {
        if (isMissingFile(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      if (!isStoredKey(key)) return;
      await rm(blobPath(key), { force: true });
      await rm(contentTypePath(key), { force: true });
    },
  };
}

export function createMemoryBlobStore(): BlobStore {
  const blobs = new Map<string, { bytes: Buffer; contentType: string }>();
  return {
    async put(bytes, contentType) {
      const key = blobKeyOf(bytes);
      if (!blobs.has(key)) blobs.set(key, { bytes: Buffer.from(bytes), contentType });
      return { key };
    },
    async putFile(key, filePath, contentType) {
      checkNamedKey(key);
      blobs.set(key, { bytes: await readFile(filePath), contentType });
    },
    async get(key, pickRange) {
      const blob = blobs.get(key);
      if (!blob) return null;
      const size = blob.bytes.length;
      const range = pickRange?.(size) ?? undefined;
      const body = range ? blob.bytes.subarray(range.start, range.end + 1) : blob.bytes;
      return { body, size, contentType: blob.contentType, ...(range ? { range } : {}) };
    },
    async delete(key) {
      blobs.delete(key);
    },
    async has(key) {
      return blobs.has(key);
    },
  };
}

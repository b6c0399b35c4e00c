import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../testing/s3-server';
import type { BlobStore, StoredBlob } from './blob-store';
import { createFileBlobStore, createMemoryBlobStore } from './blob-store';
import { createS3BlobStore, s3ObjectKey, type S3BlobStore } from './s3-blob-store';

async function readBytes(blob: StoredBlob | null): Promise<Buffer> {
  if (!blob) throw new Error('expected a stored blob');
  if (Buffer.isBuffer(blob.body)) return blob.body;
  const chunks: Buffer[] = [];
  for await (const chunk of blob.body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const bytes = Buffer.from('some image bytes');
const sha256 = createHash('sha256').update(bytes).digest('hex');

let rootDir: string;
beforeEach(async () => {
  rootDir = await mkdtemp(join(tmpdir(), 'looplabel-blobs-'));
});
afterEach(async () => {
  await rm(rootDir, { recursive: true, force: true });
});

let s3: TestS3Server;
const s3Stores: S3BlobStore[] = [];
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  for (const store of s3Stores) store.destroy();
  await s3.stop();
});

function createTestS3Store(settings = s3.settings): S3BlobStore {
  const store = createS3BlobStore(settings);
  s3Stores.push(store);
  return store;
}

describe.each([
  ['file', () => createFileBlobStore(rootDir)],
  ['memory', () => createMemoryBlobStore()],
  ['s3', () => createTestS3Store()],
] as const)('%s blob store', (_name, createStore: () => BlobStore) => {
  it('keys blobs by the SHA-256 of their bytes and returns them with their content type', async () => {
    const store = createStore();
    const { key } = await store.put(bytes, 'image/png');

    expect(key).toBe(sha256);
    expect(await store.has(key)).toBe(true);
    const blob = await store.get(key);
    expect(blob?.contentType).toBe('image/png');
    expect(blob?.size).toBe(bytes.length);
    expect(await readBytes(blob)).toEqual(bytes);
  });

  it('gives identical bytes the same key', async () => {
    const store = createStore();
    const first = await store.put(bytes, 'image/png');
    const second = await store.put(Buffer.from(bytes), 'image/png');
    expect(second.key).toBe(first.key);
  });

  it('answers null for unknown and malformed keys', async () => {
    const store = createStore();
    expect(await store.get('0'.repeat(64))).toBeNull();
    expect(await store.get('../../etc/passwd')).toBeNull();
    expect(await store.has('../../etc/passwd')).toBe(false);
  });

  it('deletes a blob, and deleting a missing one is not an error', async () => {
    const store = createStore();
    const { key } = await store.put(bytes, 'image/png');
    await store.delete(key);
    await store.delete(key);
    expect(await store.has(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
  });

  it('keeps a file under a named key, replacing it when put again, and refuses media keys for it', async () => {
    const store = createStore();
    const file = join(rootDir, 'export.zip');
    await writeFile(file, 'first');
    await store.putFile('exports/exp_1', file, 'application/zip');
    await writeFile(file, 'second version');
    await store.putFile('exports/exp_1', file, 'application/zip');

    const blob = await store.get('exports/exp_1');
    expect(blob?.contentType).toBe('application/zip');
    expect(blob?.size).toBe(14);
    expect((await readBytes(blob)).toString()).toBe('second version');
    await expect(store.putFile(sha256, file, 'application/zip')).rejects.toThrow('Not a named blob key');
    await store.delete('exports/exp_1');
    expect(await store.has('exports/exp_1')).toBe(false);
  });
});

describe('file blob store layout', () => {
  it('fans blobs out as ab/cd/<key> with the content type beside them, writing identical bytes once', async () => {
    const store = createFileBlobStore(rootDir);
    await Promise.all([store.put(bytes, 'image/png'), store.put(bytes, 'image/png')]);
    await store.put(bytes, 'image/png');

    const folder = join(rootDir, sha256.slice(0, 2), sha256.slice(2, 4));
    expect((await readdir(folder)).sort()).toEqual([sha256, `${sha256}.type`]);
  });

  it('keeps blobs across store instances on the same folder', async () => {
    const { key } = await createFileBlobStore(rootDir).put(bytes, 'image/gif');
    const blob = await createFileBlobStore(rootDir).get(key);
    expect(blob?.contentType).toBe('image/gif');
    expect(await readBytes(blob)).toEqual(bytes);
  });
});

describe('S3 blob store', () => {
  it('keeps a named blob as the object <prefix>/<name>', async () => {
    const file = join(rootDir, 'export.json');
    await writeFile(file, '{}');
    await createTestS3Store().putFile('exports/exp_2', file, 'application/json');
    expect(await s3.objectKeys()).toContain('exports/exp_2');
  });

  it('keeps each blob as the object media/<key> with its content type', async () => {
    const store = createTestS3Store();
    const { key } = await store.put(bytes, 'image/png');
    expect(await s3.objectKeys()).toContain(s3ObjectKey(key));
    expect((await createTestS3Store().get(key))?.contentType).toBe('image/png');
    await store.delete(key);
    expect(await s3.objectKeys()).not.toContain(s3ObjectKey(key));
  });

  it('streams what it reads instead of holding it', async () => {
    const store = createTestS3Store();
    const { key } = await store.put(bytes, 'image/png');
    const blob = await store.get(key);
    expect(Buffer.isBuffer(blob?.body)).toBe(false);
    expect(await readBytes(blob)).toEqual(bytes);
  });

  it('finds its bucket, and says what is wrong when it cannot', async () => {
    await expect(createTestS3Store().checkBucket()).resolves.toBeUndefined();
    await expect(createTestS3Store({ ...s3.settings, bucket: 'no-such-bucket' }).checkBucket()).rejects.toThrow(
      `The S3 bucket "no-such-bucket" does not exist at ${s3.settings.endpoint}: create it, or fix S3_BUCKET.`,
    );
  });
});

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileBlobStore, createMemoryBlobStore } from './blob-store';
import { DomainError } from '../errors';
import { storeMedia } from './store-media';
import { makeImage, makePhotoLikeJpeg } from './test-images';

let rootDir: string;
beforeEach(async () => {
  rootDir = await mkdtemp(join(tmpdir(), 'looplabel-media-'));
});
afterEach(async () => {
  await rm(rootDir, { recursive: true, force: true });
});

async function storedBlobCount(): Promise<number> {
  const files = await readdir(rootDir, { recursive: true, withFileTypes: true });
  return files.filter((file) => file.isFile() && /^[0-9a-f]{64}$/.test(file.name)).length;
}

describe('storeMedia', () => {
  it('stores the original with its sniffed type and a WebP copy per smaller width', async () => {
    const store = createMemoryBlobStore();
    const bytes = await makeImage('png', 1500, 1000);
    const media = await storeMedia(store, bytes);

    expect(media).toMatchObject({ format: 'png', width: 1500, height: 1000, size: bytes.length });
    expect(Object.keys(media.variants)).toEqual(['256', '1024']);
    expect((await store.get(media.originalKey))?.contentType).toBe('image/png');
    for (const key of Object.values(media.variants)) {
      expect((await store.get(key))?.contentType).toBe('image/webp');
    }
  });

  it('stores identical bytes once and answers the same keys', async () => {
    const store = createFileBlobStore(rootDir);
    const bytes = await makeImage('jpeg', 1100, 600);
    const first = await storeMedia(store, bytes);
    const second = await storeMedia(store, Buffer.from(bytes));

    expect(second).toEqual(first);
    expect(await storedBlobCount()).toBe(3);
  });

  it('stores nothing for a refused file', async () => {
    const store = createFileBlobStore(rootDir);
    await expect(storeMedia(store, Buffer.from('<html></html>'))).rejects.toBeInstanceOf(DomainError);
    await expect(storeMedia(store, await makeImage('png', 10, 10), { maxBytes: 5 })).rejects.toMatchObject({
      kind: 'too-large',
    });
    expect(await storedBlobCount()).toBe(0);
  });

  it('handles a 4000×3000 photo (and reports how long it took)', async () => {
    const photo = await makePhotoLikeJpeg(4000, 3000);
    const started = performance.now();
    const media = await storeMedia(createMemoryBlobStore(), photo);
    const elapsed = performance.now() - started;
    const mebibytes = (photo.length / 1024 / 1024).toFixed(1);
    console.log(`storeMedia of a 4000×3000 JPEG (${mebibytes} MiB): ${elapsed.toFixed(0)} ms`);

    expect(media).toMatchObject({ format: 'jpeg', width: 4000, height: 3000 });
    expect(Object.keys(media.variants)).toEqual(['256', '1024', '2048']);
  });
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findImages, isImageFileName } from './find-images';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

describe('findImages', () => {
  it('finds jpg, jpeg, png, webp and gif files in subfolders, sorted, skipping other and hidden files', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'looplabel-find-'));
    folders.push(folder);
    await mkdir(path.join(folder, 'b', 'deep'), { recursive: true });
    await mkdir(path.join(folder, '.cache'));
    const names = ['z.PNG', 'a.jpg', 'b/c.jpeg', 'b/deep/d.webp', 'b/e.gif', 'notes.txt', 'b/raw.tiff', '.hidden.jpg', '.cache/f.jpg'];
    await Promise.all(names.map((name) => writeFile(path.join(folder, name), 'x')));

    const found = await findImages(folder);
    expect(found.map((file) => path.relative(folder, file))).toEqual(
      ['a.jpg', 'b/c.jpeg', 'b/deep/d.webp', 'b/e.gif', 'z.PNG'].map((name) => name.split('/').join(path.sep)),
    );
  });

  it('rejects a folder that does not exist', async () => {
    await expect(findImages(path.join(os.tmpdir(), 'looplabel-no-such-folder'))).rejects.toThrow();
  });

  it('judges a name by its extension only', () => {
    expect(isImageFileName('photo.JPG')).toBe(true);
    expect(isImageFileName('jpg')).toBe(false);
    expect(isImageFileName('archive.jpg.zip')).toBe(false);
  });
});

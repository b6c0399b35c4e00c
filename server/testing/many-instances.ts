import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BoxCoords } from '../../src/api/types';

/** Real photographs with many objects of one subject, boxed by hand (server/testing/many-instances/manifest.json). */
const MANY_INSTANCES_DIR = path.join(import.meta.dirname, 'many-instances');

export interface ManyInstancePhoto {
  name: string;
  subject: string;
  bytes: Buffer;
  truth: BoxCoords[];
}

export async function loadManyInstancePhotos(): Promise<ManyInstancePhoto[]> {
  const manifest = JSON.parse(await readFile(path.join(MANY_INSTANCES_DIR, 'manifest.json'), 'utf8')) as { photos: { file: string; subject: string }[] };
  return Promise.all(
    manifest.photos.map(async ({ file, subject }) => {
      const name = path.basename(file, '.jpg');
      const truth = JSON.parse(await readFile(path.join(MANY_INSTANCES_DIR, `${name}.json`), 'utf8')) as { objects: { box: BoxCoords }[] };
      return { name, subject, bytes: await readFile(path.join(MANY_INSTANCES_DIR, file)), truth: truth.objects.map(({ box }) => box) };
    }),
  );
}

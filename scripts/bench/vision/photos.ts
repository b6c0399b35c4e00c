import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TruthObject } from './evaluate';

const PHOTOS = path.join(import.meta.dirname, 'photos');

/** A photograph of the benchmark with its hand-drawn ground truth. */
export interface Photo {
  name: string;
  bytes: Buffer;
  truth: TruthObject[];
}

/** The benchmark's photographs (scripts/bench/vision/photos, listed in manifest.json), in the manifest's order. */
export async function loadPhotos(): Promise<Photo[]> {
  const manifest = JSON.parse(await readFile(path.join(PHOTOS, 'manifest.json'), 'utf8')) as { photos: { file: string }[] };
  return Promise.all(
    manifest.photos.map(async ({ file }) => {
      const name = path.basename(file, '.jpg');
      const truth = JSON.parse(await readFile(path.join(PHOTOS, `${name}.json`), 'utf8')) as { objects: TruthObject[] };
      return { name, bytes: await readFile(path.join(PHOTOS, file)), truth: truth.objects };
    }),
  );
}

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PHOTO_DIR, readPhoto, readPhotoManifest } from '../../../server/demo/photo-library';
import type { TruthObject } from './evaluate';

/** A photograph of the benchmark with its hand-drawn ground truth. */
export interface Photo {
  name: string;
  bytes: Buffer;
  truth: TruthObject[];
}

/** The benchmark's photographs (the demo's, server/demo/photos), in the manifest's order. */
export async function loadPhotos(): Promise<Photo[]> {
  return Promise.all(
    (await readPhotoManifest()).map(async ({ file }) => {
      const name = path.basename(file, '.jpg');
      const truth = JSON.parse(await readFile(path.join(PHOTO_DIR, `${name}.json`), 'utf8')) as { objects: TruthObject[] };
      return { name, bytes: await readPhoto(file), truth: truth.objects };
    }),
  );
}

import path from 'node:path';
import { readPhoto, readPhotoManifest, readTruth } from '../../../server/demo/photo-library';
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
      return { name: path.basename(file, '.jpg'), bytes: await readPhoto(file), truth: await readTruth(file) };
    }),
  );
}

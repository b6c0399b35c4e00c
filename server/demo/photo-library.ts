import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The demo's real photographs (server/demo/photos; files, sources and licences in its manifest.json). */
export const PHOTO_DIR = path.join(import.meta.dirname, 'photos');

/** One photograph as the manifest records it. */
interface ManifestPhoto {
  file: string;
  package: string;
  original: string;
  licence: string;
}

/** The photographs in the manifest's order (the demo uploads them in it, the vision benchmark reads them in it). */
export async function readPhotoManifest(): Promise<ManifestPhoto[]> {
  const manifest = JSON.parse(await readFile(path.join(PHOTO_DIR, 'manifest.json'), 'utf8')) as { photos: ManifestPhoto[] };
  return manifest.photos;
}

export const readPhoto = (file: string): Promise<Buffer> => readFile(path.join(PHOTO_DIR, file));

/** The street clip's frames among the photographs: the demo camera shows them in turn; the feed serves the others. */
export const isStreetFrame = (file: string) => file.startsWith('street-');

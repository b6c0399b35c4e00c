import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BoxCoords } from '../../src/api/types';

/** The demo's real photographs (server/demo/photos; files, sources and licences in its manifest.json). */
export const PHOTO_DIR = path.join(import.meta.dirname, 'photos');

/**
 * The demo's collections of photographs, each a folder with its manifest.json and each photograph's ground truth
 * beside it: the library (subjects the detector knows) and the chessboards (a calibration board, a subject it does
 * not know; the vision benchmark's learning curve reads them too).
 */
const COLLECTION_DIRS = { library: PHOTO_DIR, chessboards: path.join(PHOTO_DIR, 'chessboards') } as const;

export type PhotoCollection = keyof typeof COLLECTION_DIRS;

/**
 * The chessboards' poses whose two views are held out for validation, by the demo and by the vision benchmark's
 * learning curve: the boards learnt from are views of the other ten poses.
 */
export const HELD_OUT_BOARD_POSES = ['12', '13', '14'];

/** One photograph as the manifest records it. */
interface ManifestPhoto {
  file: string;
  package: string;
  original: string;
  licence: string;
}

/** A hand-drawn object of a photograph's ground truth (<name>.json beside it). */
export interface TruthObject {
  class: string;
  box: BoxCoords;
}

/** The photographs in the manifest's order (the demo uploads them in it, the vision benchmark reads them in it). */
export async function readPhotoManifest(collection: PhotoCollection = 'library'): Promise<ManifestPhoto[]> {
  const manifest = JSON.parse(await readFile(path.join(COLLECTION_DIRS[collection], 'manifest.json'), 'utf8')) as { photos: ManifestPhoto[] };
  return manifest.photos;
}

export const readPhoto = (file: string, collection: PhotoCollection = 'library'): Promise<Buffer> => readFile(path.join(COLLECTION_DIRS[collection], file));

/** The objects of a photograph's ground truth. */
export const readTruth = async (file: string, collection: PhotoCollection = 'library'): Promise<TruthObject[]> =>
  (JSON.parse(await readFile(path.join(COLLECTION_DIRS[collection], file.replace(/\.jpg$/, '.json')), 'utf8')) as { objects: TruthObject[] }).objects;

/** The street clip's frames among the photographs: the demo camera shows them in turn; the feed serves the others. */
export const isStreetFrame = (file: string) => file.startsWith('street-');

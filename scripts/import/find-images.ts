import { readdir } from 'node:fs/promises';
import path from 'node:path';

const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.gif']);

export const isImageFileName = (name: string) => IMAGE_EXTENSIONS.has(path.extname(name).toLowerCase());

/** Every image file (by extension) in the folder and its subfolders, sorted, hidden entries skipped. */
export async function findImages(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && isImageFileName(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !path.relative(folder, file).split(path.sep).some((part) => part.startsWith('.')))
    .sort();
}

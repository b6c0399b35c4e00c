import { readCsvTable } from './formats/csv-table';
import { MANIFEST_NAME } from '../export/manifest';
import { baseName, stemOf, type FileImage, type LabelFile } from './formats/parsed';

/**
 * Gives the images named in an export's manifest.csv (`file_name,media_id`) their media id, by file name or stem,
 * so that an export imports back onto the same media items whatever the files were named.
 */
export function applyManifest(images: readonly FileImage[], files: readonly LabelFile[]): void {
  const manifest = files.find((file) => baseName(file.path).toLowerCase() === MANIFEST_NAME);
  if (!manifest) return;
  const byName = new Map<string, string>();
  for (const { values } of readCsvTable(manifest.text).rows) {
    if (!values.file_name || !values.media_id) continue;
    byName.set(values.file_name, values.media_id);
    byName.set(stemOf(values.file_name), values.media_id);
  }
  for (const image of images) {
    const mediaId = image.ref.mediaId ?? byName.get(image.ref.fileName ?? image.ref.stem ?? '');
    if (mediaId) image.ref.mediaId = mediaId;
  }
}

import { readCsvCell } from '../../src/api/csv-cells';
import { MANIFEST_NAME } from '../export/manifest';
import type { LabelSource } from './label-source';
import { CsvRowBudget, csvRows } from './formats/csv-table';
import { baseName, stemOf, type FileImage } from './formats/parsed';

/** The media ids an export's manifest.csv (`file_name,media_id`) gives its files, by file name and by stem. */
export async function readManifest(source: LabelSource): Promise<Map<string, string>> {
  const byName = new Map<string, string>();
  const manifest = source.entries.find((file) => baseName(file.path).toLowerCase() === MANIFEST_NAME);
  if (!manifest) return byName;
  for await (const { values } of csvRows(source, manifest, new CsvRowBudget(), () => {})) {
    const [fileName, mediaId] = [readCsvCell(values.file_name ?? ''), readCsvCell(values.media_id ?? '')];
    if (!fileName || !mediaId) continue;
    byName.set(fileName, mediaId);
    byName.set(stemOf(fileName), mediaId);
  }
  return byName;
}

/**
 * Gives the images named in an export's manifest their media id, by file name or stem, so that an export imports
 * back onto the same media items whatever the files were named.
 */
export function applyManifest(images: readonly FileImage[], byName: ReadonlyMap<string, string>): void {
  for (const image of images) {
    const mediaId = image.ref.mediaId ?? byName.get(image.ref.fileName ?? image.ref.stem ?? '');
    if (mediaId) image.ref.mediaId = mediaId;
  }
}

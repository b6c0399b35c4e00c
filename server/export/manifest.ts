import { csvRow } from '../../src/api/csv-cells';
import type { ExportDataset } from './dataset';
import type { ExportFile } from './formats/format-writer';

/** The file of every zipped export that names each image's media item; an import reads it back. */
export const MANIFEST_NAME = 'manifest.csv';

/** `file_name,media_id`, a row per image: the export names images as uploaded, the media id stays here. */
export function manifestFile(dataset: ExportDataset): ExportFile {
  const rows = dataset.images.map((image) => csvRow([image.fileName, image.mediaId]));
  return { path: MANIFEST_NAME, content: `${csvRow(['file_name', 'media_id'])}${rows.join('')}` };
}

import type { ExportCategory, ExportDataset, ExportImage } from '../dataset';
import { stemOf } from '../dataset';
import type { ExportNotes } from '../notes';
import { boxesOf, type ExportFile, type FormatWriter } from './format-writer';

const decimal = (value: number) => value.toFixed(6);

/** `class cx cy w h` per box, normalised to the image's size; class = category id - 1. */
function labelLines(image: ExportImage, categoryOf: ReadonlyMap<string, ExportCategory>, notes: ExportNotes): string {
  return boxesOf(image, notes, 'YOLO')
    .map(({ subjectUid, box }) => {
      const classIndex = categoryOf.get(subjectUid)!.id - 1;
      const cx = (box.x0 + box.x1) / 2 / image.width;
      const cy = (box.y0 + box.y1) / 2 / image.height;
      return `${classIndex} ${decimal(cx)} ${decimal(cy)} ${decimal((box.x1 - box.x0) / image.width)} ${decimal((box.y1 - box.y0) / image.height)}\n`;
    })
    .join('');
}

/**
 * Ultralytics' dataset file. Without `path:` the dataset root is the file's folder (a relative `path:` would be taken
 * from Ultralytics' datasets folder instead). Names are JSON strings, which YAML reads as double-quoted scalars.
 */
function dataYaml(categories: ExportCategory[]): string {
  const names = categories.map((category) => `  ${category.id - 1}: ${JSON.stringify(category.name)}\n`).join('');
  return `# The dataset root is this file's folder (or the zip, given to Ultralytics as it is).\ntrain: images\nval: images\nnc: ${categories.length}\nnames:\n${names}`;
}

/** Ultralytics YOLO detection layout: images/<file>, labels/<stem>.txt (empty for an image with no boxes), data.yaml. */
export const yoloWriter: FormatWriter = {
  imageFolder: 'images',
  multiFile: true,
  labelFiles(dataset: ExportDataset, notes: ExportNotes): ExportFile[] {
    return [
      { path: 'data.yaml', content: dataYaml(dataset.categories) },
      { path: 'classes.txt', content: dataset.categories.map((category) => `${category.name}\n`).join('') },
      ...dataset.images.map((image) => ({ path: `labels/${stemOf(image)}.txt`, content: labelLines(image, dataset.categoryOf, notes) })),
    ];
  },
};

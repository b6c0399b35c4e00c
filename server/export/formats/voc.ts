import type { ExportCategory, ExportDataset, ExportImage } from '../dataset';
import { stemOf } from '../dataset';
import type { ExportNotes } from '../notes';
import { boxesOf, type ExportFile, type FormatWriter } from './format-writer';

const IMAGE_FOLDER = 'JPEGImages';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

function annotationXml(image: ExportImage, categoryOf: ReadonlyMap<string, ExportCategory>, notes: ExportNotes): string {
  const objects = boxesOf(image, notes, 'Pascal VOC').map(
    ({ subjectUid, box }) => `  <object>
    <name>${escapeXml(categoryOf.get(subjectUid)!.name)}</name>
    <pose>Unspecified</pose>
    <truncated>0</truncated>
    <difficult>0</difficult>
    <bndbox>
      <xmin>${Math.round(box.x0)}</xmin>
      <ymin>${Math.round(box.y0)}</ymin>
      <xmax>${Math.round(box.x1)}</xmax>
      <ymax>${Math.round(box.y1)}</ymax>
    </bndbox>
  </object>
`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<annotation>
  <folder>${IMAGE_FOLDER}</folder>
  <filename>${escapeXml(image.fileName)}</filename>
  <source><database>Looplabel</database></source>
  <size>
    <width>${image.width}</width>
    <height>${image.height}</height>
    <depth>3</depth>
  </size>
  <segmented>0</segmented>
${objects.join('')}</annotation>
`;
}

/** Pascal VOC layout: Annotations/<stem>.xml, JPEGImages/<file>, ImageSets/Main/default.txt, labels.txt. */
export const vocWriter: FormatWriter = {
  imageFolder: IMAGE_FOLDER,
  multiFile: true,
  labelFiles(dataset: ExportDataset, notes: ExportNotes): ExportFile[] {
    return [
      { path: 'labels.txt', content: dataset.categories.map((category) => `${category.name}\n`).join('') },
      { path: 'ImageSets/Main/default.txt', content: dataset.images.map((image) => `${stemOf(image)}\n`).join('') },
      ...dataset.images.map((image) => ({ path: `Annotations/${stemOf(image)}.xml`, content: annotationXml(image, dataset.categoryOf, notes) })),
    ];
  },
};

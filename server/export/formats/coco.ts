import type { ExportAnnotation } from '../../../src/api/application-types/export-annotation';
import type { BoxCoords } from '../../../src/api/types';
import type { ExportDataset, ExportImage } from '../dataset';
import { pointBox, type ExportFile, type FormatWriter } from './format-writer';

const xywh = ({ x0, y0, x1, y1 }: BoxCoords) => [x0, y0, x1 - x0, y1 - y0];

const area = ({ x0, y0, x1, y1 }: BoxCoords) => (x1 - x0) * (y1 - y0);

interface CocoImageLabels {
  /** Classes of the whole image (classification, full-frame detection). */
  category_ids?: number[];
  /** Per-image values (counts, offsets). */
  values?: { category_id: number; name: string; value: number }[];
  /** Text read in the image (ocr). */
  texts?: { category_id: number; text: string }[];
}

/** COCO has no image-level labels; they ride on the image entry, which COCO readers pass over. */
function imageLabels(image: ExportImage, categoryId: (uid: string) => number): CocoImageLabels {
  const categoryIds = image.annotations.flatMap((annotation) => (annotation.kind === 'image_category' ? [categoryId(annotation.subjectUid)] : []));
  const values = image.annotations.flatMap((annotation) =>
    annotation.kind === 'image_value' ? [{ category_id: categoryId(annotation.subjectUid), name: annotation.name, value: annotation.value }] : [],
  );
  const texts = image.annotations.flatMap((annotation) =>
    annotation.kind === 'image_text' ? [{ category_id: categoryId(annotation.subjectUid), text: annotation.text }] : [],
  );
  return {
    ...(categoryIds.length > 0 ? { category_ids: categoryIds } : {}),
    ...(values.length > 0 ? { values } : {}),
    ...(texts.length > 0 ? { texts } : {}),
  };
}

/** A box as a detection annotation; a point as a one-keypoint annotation whose box is a small square around it. */
function objectFields(annotation: ExportAnnotation, image: ExportImage) {
  if (annotation.kind === 'box') return { bbox: xywh(annotation.box), area: area(annotation.box) };
  if (annotation.kind !== 'point') return null;
  const box = pointBox(annotation.x, annotation.y, image);
  return { bbox: xywh(box), area: area(box), keypoints: [annotation.x, annotation.y, 2], num_keypoints: 1 };
}

/** The COCO detection document (https://cocodataset.org/#format-data); ids count from 1. */
function cocoDocument(dataset: ExportDataset, createdAt: Date) {
  const categoryId = (uid: string) => dataset.categoryOf.get(uid)!.id;
  const annotations: object[] = [];
  const pointCategories = new Set<number>();
  const images = dataset.images.map((image, index) => {
    const imageId = index + 1;
    for (const annotation of image.annotations) {
      const fields = objectFields(annotation, image);
      if (!fields) continue;
      const category_id = categoryId(annotation.subjectUid);
      if ('keypoints' in fields) pointCategories.add(category_id);
      annotations.push({ id: annotations.length + 1, image_id: imageId, category_id, segmentation: [], iscrowd: 0, ...fields });
    }
    // media_id (which COCO readers pass over) lets an import find the media item again, whatever the file is named.
    return { id: imageId, file_name: image.fileName, width: image.width, height: image.height, media_id: image.mediaId, ...imageLabels(image, categoryId) };
  });
  return {
    info: {
      description: `${dataset.applicationName}: labels exported by Looplabel`,
      version: '1.0',
      year: createdAt.getUTCFullYear(),
      contributor: 'Looplabel',
      date_created: createdAt.toISOString(),
    },
    licenses: [],
    images,
    annotations,
    categories: dataset.categories.map(({ id, name }) => ({
      id,
      name,
      supercategory: 'object',
      ...(pointCategories.has(id) ? { keypoints: ['point'], skeleton: [] } : {}),
    })),
  };
}

/** One annotations.json; images (when included) in images/, named as file_name says. */
export const cocoWriter: FormatWriter = {
  imageFolder: 'images',
  multiFile: false,
  labelFiles: (dataset: ExportDataset): ExportFile[] => [{ path: 'annotations.json', content: JSON.stringify(cocoDocument(dataset, new Date())) }],
};

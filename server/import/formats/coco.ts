import { z } from 'zod';
import type { ExportNotes } from '../../export/notes';
import { invalid } from '../../errors';
import { baseName, filesEndingWith, type FileImage, type FileMark, type LabelFile, type LabelParser, type ParsedLabels } from './parsed';

const id = z.union([z.number(), z.string()]);
const coordinate = z.number().refine(Number.isFinite);
const score = z.number().min(0).max(1).optional();

/** The parts of a COCO document that hold labels; anything else in it is passed over. */
const cocoDocument = z.object({
  images: z.array(z.unknown()),
  annotations: z.array(z.unknown()).default([]),
  categories: z.array(z.object({ id, name: z.string() })),
});

/** An image, with the image-level labels Looplabel's COCO export adds (`category_ids`, `values`) and its `media_id`. */
const cocoImage = z.object({
  id,
  file_name: z.string().min(1),
  width: z.number().positive().optional(),
  height: z.number().positive().optional(),
  media_id: z.string().min(1).optional(),
  category_ids: z.array(id).optional(),
  values: z.array(z.object({ category_id: id, name: z.enum(['count', 'offset_x', 'offset_y']), value: coordinate })).optional(),
});

const cocoAnnotation = z.object({
  image_id: id,
  category_id: id,
  bbox: z.tuple([coordinate, coordinate, coordinate, coordinate]).optional(),
  keypoints: z.array(coordinate).optional(),
  /** A detector's confidence (COCO results carry it). */
  score,
});

type CocoAnnotation = z.infer<typeof cocoAnnotation>;

/** Visible keypoints (v > 0) as points; else the bbox as a box; else nothing. */
function annotationMarks(annotation: CocoAnnotation, className: string): FileMark[] {
  const common = { className, ...(annotation.score === undefined ? {} : { probability: annotation.score }) };
  const points: FileMark[] = [];
  const keypoints = annotation.keypoints ?? [];
  for (let index = 0; index + 2 < keypoints.length; index += 3) {
    if (keypoints[index + 2]! > 0) points.push({ ...common, kind: 'point', x: keypoints[index]!, y: keypoints[index + 1]! });
  }
  if (points.length > 0) return points;
  if (!annotation.bbox) return [];
  const [x, y, width, height] = annotation.bbox;
  return [{ ...common, kind: 'box', box: { x0: x, y0: y, x1: x + width, y1: y + height } }];
}

function parseDocument(file: LabelFile, notes: ExportNotes, into: ParsedLabels): void {
  let json: unknown;
  try {
    json = JSON.parse(file.text);
  } catch {
    throw invalid(`${file.path} is not valid JSON.`);
  }
  const document = cocoDocument.safeParse(json);
  if (!document.success) throw invalid(`${file.path} is not COCO detection JSON: it needs images and categories lists.`);
  const categories = new Map(document.data.categories.map((category) => [String(category.id), category.name]));
  into.classes.push(...categories.values());
  const images = new Map<string, FileImage>();
  for (const raw of document.data.images) {
    const image = cocoImage.safeParse(raw);
    if (!image.success) {
      notes.add('COCO images without a file_name (or with a bad width, height or value) were left out.');
      continue;
    }
    const { id: imageId, file_name, width, height, media_id, category_ids = [], values = [] } = image.data;
    const className = (categoryId: string | number) => categories.get(String(categoryId));
    const marks: FileMark[] = [
      ...category_ids.flatMap((categoryId): FileMark[] => (className(categoryId) ? [{ kind: 'image_category', className: className(categoryId)! }] : [])),
      ...values.flatMap((value): FileMark[] =>
        className(value.category_id) ? [{ kind: 'image_value', className: className(value.category_id)!, name: value.name, value: value.value }] : [],
      ),
    ];
    images.set(String(imageId), {
      source: file.path,
      ref: { fileName: baseName(file_name), ...(media_id ? { mediaId: media_id } : {}) },
      ...(width && height ? { size: { width, height } } : {}),
      units: 'pixels',
      marks,
    });
  }
  for (const raw of document.data.annotations) {
    const annotation = cocoAnnotation.safeParse(raw);
    const image = annotation.success ? images.get(String(annotation.data.image_id)) : undefined;
    const className = annotation.success ? categories.get(String(annotation.data.category_id)) : undefined;
    if (!annotation.success || !image || className === undefined) {
      notes.add('COCO annotations that could not be read (no such image or category, or a bad bbox) were left out.');
      continue;
    }
    image.marks.push(...annotationMarks(annotation.data, className));
  }
  into.images.push(...images.values());
}

/** COCO detection JSON (https://cocodataset.org/#format-data): every .json file of the import is a document. */
export const parseCoco: LabelParser = (files, notes) => {
  const documents = filesEndingWith(files, '.json');
  if (documents.length === 0) throw invalid('A COCO import needs its annotations JSON file.');
  const parsed: ParsedLabels = { classes: [], images: [] };
  for (const file of documents) parseDocument(file, notes, parsed);
  return parsed;
};

import { IMAGE_VALUE_NAMES } from '../../../src/api/application-types/export-annotation';
import { z } from 'zod';
import type { ExportNotes } from '../../export/notes';
import { invalid } from '../../errors';
import type { LabelEntry, LabelSource } from '../label-source';
import { readPickedArrays } from './json-elements';
import { baseName, filesEndingWith, LabelsCollector, type FileImage, type FileMark, type LabelParser } from './parsed';
import { textChunks } from './read-entry';

const id = z.union([z.number(), z.string()]);
const coordinate = z.number().refine(Number.isFinite);
const score = z.number().min(0).max(1).optional();

/** An image, with the image-level labels Looplabel's COCO export adds (`category_ids`, `values`) and its `media_id`. */
const cocoImage = z.object({
  id,
  file_name: z.string().min(1),
  width: z.number().min(1).finite().optional(),
  height: z.number().min(1).finite().optional(),
  media_id: z.string().min(1).optional(),
  category_ids: z.array(id).optional(),
  values: z.array(z.object({ category_id: id, name: z.enum(IMAGE_VALUE_NAMES), value: coordinate })).optional(),
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

const UNREADABLE_ANNOTATIONS = 'COCO annotations that could not be read (no such image or category, or a bad bbox) were left out.';

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

const cocoCategory = z.object({ id, name: z.string() });

type CocoImage = z.infer<typeof cocoImage>;

/** An annotation's marks, read at once, whose class is named once the categories are known. */
interface PendingMarks {
  imageId: string;
  categoryId: string;
  marks: FileMark[];
}

/** A document's arrays, read element by element; marks wait until the images and categories are known. */
interface CocoArrays {
  categories: Map<string, string>;
  images: Map<string, { image: FileImage; labels: Pick<CocoImage, 'category_ids' | 'values'> }>;
  annotations: PendingMarks[];
}

function readImage(raw: unknown, file: LabelEntry, notes: ExportNotes, into: CocoArrays, collector: LabelsCollector): void {
  const parsed = cocoImage.safeParse(raw);
  if (!parsed.success) {
    notes.add('COCO images without a file_name (or with a bad width, height or value) were left out.');
    return;
  }
  const { id: imageId, file_name, width, height, media_id, category_ids, values } = parsed.data;
  const image = collector.addImage({
    source: file.path,
    ref: { fileName: baseName(file_name), ...(media_id ? { mediaId: media_id } : {}) },
    ...(width && height ? { size: { width, height } } : {}),
    units: 'pixels',
    marks: [],
  });
  into.images.set(String(imageId), { image, labels: { category_ids, values } });
}

/** Looplabel's image-level classes and values of an image, by the names of their categories. */
function imageLevelMarks({ category_ids = [], values = [] }: Pick<CocoImage, 'category_ids' | 'values'>, categories: ReadonlyMap<string, string>): FileMark[] {
  const className = (categoryId: string | number) => categories.get(String(categoryId));
  return [
    ...category_ids.flatMap((categoryId): FileMark[] => (className(categoryId) ? [{ kind: 'image_category', className: className(categoryId)! }] : [])),
    ...values.flatMap((value): FileMark[] =>
      className(value.category_id) ? [{ kind: 'image_value', className: className(value.category_id)!, name: value.name, value: value.value }] : [],
    ),
  ];
}

async function readDocument(source: LabelSource, file: LabelEntry, notes: ExportNotes, classes: string[], collector: LabelsCollector): Promise<void> {
  const arrays: CocoArrays = { categories: new Map(), images: new Map(), annotations: [] };
  const seen = await readPickedArrays(file.path, textChunks(source, file), {
    keys: new Set(['categories', 'images', 'annotations']),
    leftOut: new Set(['segmentation']),
    onElement(key, raw) {
      if (key === 'images') return readImage(raw, file, notes, arrays, collector);
      if (key === 'categories') {
        const category = cocoCategory.safeParse(raw);
        if (category.success) arrays.categories.set(String(category.data.id), category.data.name);
        else notes.add('COCO categories without an id and a name were left out.');
        return;
      }
      const annotation = cocoAnnotation.safeParse(raw);
      if (!annotation.success) return notes.add(UNREADABLE_ANNOTATIONS);
      const [imageId, categoryId] = [String(annotation.data.image_id), String(annotation.data.category_id)];
      const [image, className] = [arrays.images.get(imageId)?.image, arrays.categories.get(categoryId)];
      const marks = annotationMarks(annotation.data, className ?? '');
      collector.countMarks(marks.length);
      if (!collector.retain) return;
      // Most files list images and categories before annotations: their marks go straight to their image.
      if (image && className !== undefined) for (const mark of marks) image.marks.push(mark);
      else arrays.annotations.push({ imageId, categoryId, marks });
    },
  });
  if (!seen.has('images') || !seen.has('categories')) throw invalid(`${file.path} is not COCO detection JSON: it needs images and categories lists.`);
  const { categories, images, annotations } = arrays;
  for (const name of categories.values()) classes.push(name);
  for (const { image, labels } of images.values()) {
    const marks = imageLevelMarks(labels, categories);
    collector.countMarks(marks.length);
    if (collector.retain && marks.length > 0) image.marks = marks.concat(image.marks);
  }
  for (const { imageId, categoryId, marks } of annotations) {
    const image = images.get(imageId)?.image;
    const className = categories.get(categoryId);
    if (!image || className === undefined) {
      notes.add(UNREADABLE_ANNOTATIONS);
      continue;
    }
    for (const mark of marks) {
      mark.className = className;
      image.marks.push(mark);
    }
  }
}

/** COCO detection JSON (https://cocodataset.org/#format-data): every .json file of the import is a document. */
export const parseCoco: LabelParser = async (source, notes, collector = new LabelsCollector()) => {
  const documents = filesEndingWith(source.entries, '.json');
  if (documents.length === 0) throw invalid('A COCO import needs its annotations JSON file.');
  const classes: string[] = [];
  for (const file of documents) await readDocument(source, file, notes, classes, collector);
  return { classes, images: collector.images };
};

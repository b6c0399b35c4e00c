// Checks that exported labels load as the training tools read them. Shared by the service's tests and the e2e specs;
// each checker throws an Error that says what is wrong, and returns what it read for further assertions.
import { unzipSync } from 'fflate';
import { JSDOM } from 'jsdom';
import { cocoDetectionSchema, type CocoDetection } from './coco-detection-schema';

/** The zip's files by path, as text or bytes. */
export class ZipContents {
  constructor(readonly files: Record<string, Uint8Array>) {}

  static read(bytes: Uint8Array): ZipContents {
    return new ZipContents(unzipSync(bytes));
  }

  paths(prefix = ''): string[] {
    return Object.keys(this.files)
      .filter((path) => path.startsWith(prefix))
      .sort();
  }

  text(path: string): string {
    const bytes = this.files[path];
    if (!bytes) throw new Error(`The zip has no ${path} (it has ${this.paths().join(', ')}).`);
    return new TextDecoder().decode(bytes);
  }
}

function fail(message: string): never {
  throw new Error(message);
}

const stem = (path: string) => path.replace(/^.*\//, '').replace(/\.[^.]+$/, '');

/** The COCO detection schema, then the links: every annotation on a known image and category, every box inside its image. */
export function checkCoco(document: unknown): CocoDetection {
  const parsed = cocoDetectionSchema.safeParse(document);
  if (!parsed.success) fail(`Not COCO detection JSON: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  const coco = parsed.data;
  const images = new Map(coco.images.map((image) => [image.id, image]));
  const categories = new Set(coco.categories.map((category) => category.id));
  if (images.size !== coco.images.length) fail('COCO image ids repeat.');
  if (new Set(coco.annotations.map((annotation) => annotation.id)).size !== coco.annotations.length) fail('COCO annotation ids repeat.');
  for (const annotation of coco.annotations) {
    const image = images.get(annotation.image_id) ?? fail(`Annotation ${annotation.id} is on unknown image ${annotation.image_id}.`);
    if (!categories.has(annotation.category_id)) fail(`Annotation ${annotation.id} has unknown category ${annotation.category_id}.`);
    const [x, y, w, h] = annotation.bbox;
    if (x + w > image.width || y + h > image.height) fail(`Annotation ${annotation.id}'s bbox leaves image ${image.id}.`);
    if (annotation.keypoints && annotation.keypoints.length !== 3 * (annotation.num_keypoints ?? -1)) {
      fail(`Annotation ${annotation.id} has ${annotation.keypoints.length} keypoint numbers for ${annotation.num_keypoints} keypoints.`);
    }
  }
  return coco;
}

interface YoloBox {
  classIndex: number;
  cx: number;
  cy: number;
  w: number;
  h: number;
}

export interface YoloDataset {
  names: string[];
  /** Label lines by image stem. */
  labels: Map<string, YoloBox[]>;
}

const YOLO_LINE = /^(\d+) (\S+) (\S+) (\S+) (\S+)$/;

function yoloBox(line: string, where: string, classCount: number): YoloBox {
  const match = YOLO_LINE.exec(line) ?? fail(`${where}: "${line}" is not "class cx cy w h".`);
  const [classIndex, cx, cy, w, h] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (classIndex >= classCount) fail(`${where}: class ${classIndex} is not in data.yaml's ${classCount} names.`);
  for (const value of [cx, cy, w, h]) if (!(value >= 0 && value <= 1)) fail(`${where}: ${value} is not normalised to 0..1.`);
  if (cx - w / 2 < -1e-6 || cx + w / 2 > 1 + 1e-6 || cy - h / 2 < -1e-6 || cy + h / 2 > 1 + 1e-6) fail(`${where}: the box leaves the image.`);
  return { classIndex, cx, cy, w, h };
}

/** data.yaml's `names:` map as Ultralytics writes it: `  0: "name"` lines. */
function yamlNames(yaml: string): string[] {
  const [, block = ''] = /^names:\n((?: {2}\d+: .+\n?)*)/m.exec(yaml) ?? fail('data.yaml has no names: map.');
  const names = block.split('\n').filter(Boolean).map((line, index) => {
    const [, key, value] = /^ {2}(\d+): (.+)$/.exec(line)!;
    if (Number(key) !== index) fail(`data.yaml names are not numbered 0, 1, … (found ${key} at ${index}).`);
    return JSON.parse(value!) as string;
  });
  if (!new RegExp(`^nc: ${names.length}$`, 'm').test(yaml)) fail(`data.yaml's nc is not ${names.length}.`);
  return names;
}

/** Ultralytics' layout: data.yaml and classes.txt agree; one labels/<stem>.txt per image (per image file when included). */
export function checkYolo(zip: ZipContents, imageCount: number): YoloDataset {
  const yaml = zip.text('data.yaml');
  if (!/^train: images$/m.test(yaml) || !/^val: images$/m.test(yaml)) fail('data.yaml does not point train and val at images.');
  // Ultralytics reads a relative path: from its own datasets folder, not from beside data.yaml.
  if (/^path: (?!\/)/m.test(yaml)) fail('data.yaml has a relative path:.');
  const names = yamlNames(yaml);
  const classes = zip.text('classes.txt').split('\n').filter(Boolean);
  if (classes.join('\n') !== names.join('\n')) fail(`classes.txt (${classes.join(', ')}) and data.yaml (${names.join(', ')}) differ.`);
  const labelFiles = zip.paths('labels/');
  if (labelFiles.length !== imageCount) fail(`${labelFiles.length} label files for ${imageCount} images.`);
  const images = zip.paths('images/');
  if (images.length > 0 && images.map(stem).join() !== labelFiles.map(stem).join()) fail('The images and the label files do not pair up.');
  const labels = new Map(
    labelFiles.map((path) => [stem(path), zip.text(path).split('\n').filter(Boolean).map((line) => yoloBox(line, path, names.length))]),
  );
  return { names, labels };
}

interface VocObject {
  name: string;
  xmin: number;
  ymin: number;
  xmax: number;
  ymax: number;
}

export interface VocAnnotation {
  filename: string;
  width: number;
  height: number;
  objects: VocObject[];
}

function integerOf(parent: Element, tag: string, where: string): number {
  const text = parent.querySelector(`:scope > ${tag}`)?.textContent ?? fail(`${where}: no <${tag}>.`);
  if (!/^\d+$/.test(text.trim())) fail(`${where}: <${tag}> is "${text}", not a whole number.`);
  return Number(text);
}

function vocAnnotation(xml: string, where: string, parser: DOMParser): VocAnnotation {
  const document = parser.parseFromString(xml, 'application/xml');
  if (document.querySelector('parsererror')) fail(`${where} is not well-formed XML.`);
  const root = document.documentElement;
  if (root.tagName !== 'annotation') fail(`${where}: the root is <${root.tagName}>, not <annotation>.`);
  const filename = root.querySelector(':scope > filename')?.textContent ?? fail(`${where}: no <filename>.`);
  const size = root.querySelector(':scope > size') ?? fail(`${where}: no <size>.`);
  const width = integerOf(size, 'width', where);
  const height = integerOf(size, 'height', where);
  integerOf(size, 'depth', where);
  const objects = [...root.querySelectorAll(':scope > object')].map((object) => {
    const name = object.querySelector(':scope > name')?.textContent ?? fail(`${where}: an <object> has no <name>.`);
    const box = object.querySelector(':scope > bndbox') ?? fail(`${where}: an <object> has no <bndbox>.`);
    const [xmin, ymin, xmax, ymax] = ['xmin', 'ymin', 'xmax', 'ymax'].map((tag) => integerOf(box, tag, where)) as [number, number, number, number];
    if (!(xmin < xmax && ymin < ymax && xmax <= width && ymax <= height)) fail(`${where}: the box ${xmin},${ymin},${xmax},${ymax} is empty or leaves the image.`);
    return { name, xmin, ymin, xmax, ymax };
  });
  return { filename, width, height, objects };
}

/** Pascal VOC: Annotations/<stem>.xml per image, listed in ImageSets/Main/default.txt, names from labels.txt. */
export function checkVoc(zip: ZipContents, imageCount: number): Map<string, VocAnnotation> {
  const { DOMParser } = new JSDOM('').window;
  const parser = new DOMParser();
  const labels = new Set(zip.text('labels.txt').split('\n').filter(Boolean));
  const files = zip.paths('Annotations/');
  if (files.length !== imageCount) fail(`${files.length} annotation files for ${imageCount} images.`);
  const listed = zip.text('ImageSets/Main/default.txt').split('\n').filter(Boolean);
  if (listed.join() !== files.map(stem).join()) fail('ImageSets/Main/default.txt does not list the annotation files.');
  const annotations = new Map(files.map((path) => [stem(path), vocAnnotation(zip.text(path), path, parser)]));
  for (const [path, annotation] of annotations) {
    for (const object of annotation.objects) if (!labels.has(object.name)) fail(`${path}: "${object.name}" is not in labels.txt.`);
  }
  return annotations;
}

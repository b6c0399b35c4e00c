import { parse as parseYaml } from 'yaml';
import { invalid } from '../../errors';
import type { ExportNotes } from '../../export/notes';
import { baseName, filesEndingWith, stemOf, type FileImage, type FileMark, type LabelFile, type LabelParser } from './parsed';

/** Darknet's lists of image paths, which sit beside the label files but are not any. */
const IMAGE_LISTS = new Set(['train.txt', 'val.txt', 'valid.txt', 'test.txt']);
const CLASS_LISTS = new Set(['classes.txt', 'obj.names']);

const isClassList = (file: LabelFile) => CLASS_LISTS.has(baseName(file.path).toLowerCase()) || file.path.toLowerCase().endsWith('.names');

/** `names:` of an Ultralytics dataset file: a list, or a map from class index to name. */
function yamlNames(file: LabelFile): string[] | null {
  let document: unknown;
  try {
    document = parseYaml(file.text);
  } catch {
    throw invalid(`${file.path} is not valid YAML.`);
  }
  const names = (document as { names?: unknown } | null)?.names;
  if (Array.isArray(names)) return names.map(String);
  if (names && typeof names === 'object') {
    const entries = Object.entries(names as Record<string, unknown>).sort(([a], [b]) => Number(a) - Number(b));
    return entries.map(([, name]) => String(name));
  }
  return null;
}

/** The class names by index: classes.txt or obj.names (one a line), else data.yaml's names. */
function classNames(files: readonly LabelFile[]): string[] {
  const list = files.find(isClassList);
  if (list) return list.text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  for (const file of filesEndingWith(files, '.yaml', '.yml')) {
    const names = yamlNames(file);
    if (names) return names;
  }
  throw invalid('A YOLO import needs its classes: classes.txt or obj.names (one name a line), or data.yaml with names.');
}

/** The label files: those in a labels/ folder when there is one, else every .txt that is not a class or image list. */
function labelFiles(files: readonly LabelFile[]): LabelFile[] {
  const texts = filesEndingWith(files, '.txt').filter((file) => !isClassList(file) && !IMAGE_LISTS.has(baseName(file.path).toLowerCase()));
  const inLabels = texts.filter((file) => /(^|\/)labels\//.test(file.path));
  return inLabels.length > 0 ? inLabels : texts;
}

/** `class cx cy w h [confidence]`, or a segment `class x1 y1 x2 y2 ...` (its bounding box); null for anything else. */
function lineMark(line: string, classes: readonly string[], notes: ExportNotes): FileMark | null {
  const tokens = line.trim().split(/\s+/);
  const numbers = tokens.map(Number);
  const className = /^\d+$/.test(tokens[0] ?? '') ? classes[numbers[0]!] : undefined;
  const isSegment = tokens.length > 6 && tokens.length % 2 === 1;
  if (numbers.some((value) => !Number.isFinite(value)) || tokens.length < 5 || (tokens.length > 6 && !isSegment)) {
    notes.add("YOLO lines that are not 'class cx cy w h [confidence]' were left out.");
    return null;
  }
  if (className === undefined) {
    notes.add('YOLO lines whose class number is not in the class list were left out.');
    return null;
  }
  if (!isSegment) {
    const [, cx, cy, width, height, confidence] = numbers as [number, number, number, number, number, number | undefined];
    const box = { x0: cx - width / 2, y0: cy - height / 2, x1: cx + width / 2, y1: cy + height / 2 };
    return { kind: 'box', className, box, ...(confidence === undefined ? {} : { probability: Math.min(1, Math.max(0, confidence)) }) };
  }
  const xs = numbers.filter((_, index) => index % 2 === 1);
  const ys = numbers.filter((_, index) => index > 0 && index % 2 === 0);
  notes.add('YOLO segments (polygons) were imported as their bounding boxes.');
  return { kind: 'box', className, box: { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) } };
}

/**
 * YOLO (Darknet and Ultralytics): one `<image stem>.txt` per image, a box per line normalised to the image's size,
 * and the class names beside them. The images' sizes come from the stored media.
 */
export const parseYolo: LabelParser = (files, notes) => {
  const classes = classNames(files);
  const images = labelFiles(files).map(
    (file): FileImage => ({
      source: file.path,
      ref: { stem: stemOf(file.path) },
      units: 'fractions',
      marks: file.text
        .split(/\r?\n/)
        .filter((line) => line.trim() !== '')
        .flatMap((line) => lineMark(line, classes, notes) ?? []),
    }),
  );
  if (images.length === 0) throw invalid('A YOLO import needs its label files (one .txt per image).');
  return { classes, images };
};

import { parse as parseYaml } from 'yaml';
import { invalid } from '../../errors';
import type { ExportNotes } from '../../export/notes';
import { IMPORT_YOLO_LINE_MAX_CHARS } from '../../../src/api/limits';
import type { LabelEntry, LabelSource } from '../label-source';
import { baseName, filesEndingWith, LabelsCollector, stemOf, type FileMark, type LabelParser } from './parsed';
import { readText } from './read-entry';

/** A dataset file (data.yaml) is a few lines; a larger one is not read. */
const YAML_MAX_BYTES = 1024 * 1024;

/** Darknet's lists of image paths, which sit beside the label files but are not any. */
const IMAGE_LISTS = new Set(['train.txt', 'val.txt', 'valid.txt', 'test.txt']);
const CLASS_LISTS = new Set(['classes.txt', 'obj.names']);

const isClassList = (file: LabelEntry) => CLASS_LISTS.has(baseName(file.path).toLowerCase()) || file.path.toLowerCase().endsWith('.names');

/** `names:` of an Ultralytics dataset file: a list, or a map from class index to name. */
function yamlNames(path: string, text: string): string[] | null {
  let document: unknown;
  try {
    document = parseYaml(text);
  } catch {
    throw invalid(`${path} is not valid YAML.`);
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
async function classNames(source: LabelSource): Promise<string[]> {
  const list = source.entries.find(isClassList);
  if (list) return (await readText(source, list)).split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  for (const file of filesEndingWith(source.entries, '.yaml', '.yml')) {
    const names = yamlNames(file.path, await readText(source, file, YAML_MAX_BYTES));
    if (names) return names;
  }
  throw invalid('A YOLO import needs its classes: classes.txt or obj.names (one name a line), or data.yaml with names.');
}

/** The label files: those in a labels/ folder when there is one, else every .txt that is not a class or image list. */
function labelFiles(files: readonly LabelEntry[]): LabelEntry[] {
  const texts = filesEndingWith(files, '.txt').filter((file) => !isClassList(file) && !IMAGE_LISTS.has(baseName(file.path).toLowerCase()));
  const inLabels = texts.filter((file) => /(^|\/)labels\//.test(file.path));
  return inLabels.length > 0 ? inLabels : texts;
}

/** `class cx cy w h [confidence]`, or a segment `class x1 y1 x2 y2 ...` (its bounding box); null for anything else. */
/** The bounding box of a polygon's points (x1 y1 x2 y2 …), in one pass: a polygon may have many points. */
function polygonBox(coordinates: readonly number[]) {
  const box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  for (let index = 0; index + 1 < coordinates.length; index += 2) {
    const [x, y] = [coordinates[index]!, coordinates[index + 1]!];
    box.x0 = Math.min(box.x0, x);
    box.x1 = Math.max(box.x1, x);
    box.y0 = Math.min(box.y0, y);
    box.y1 = Math.max(box.y1, y);
  }
  return box;
}

function lineMark(line: string, classes: readonly string[], notes: ExportNotes): FileMark | null {
  if (line.length > IMPORT_YOLO_LINE_MAX_CHARS) {
    notes.add(`YOLO lines longer than ${IMPORT_YOLO_LINE_MAX_CHARS.toLocaleString('en')} characters (IMPORT_YOLO_LINE_MAX_CHARS) were left out.`);
    return null;
  }
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
  notes.add('YOLO segments (polygons) were imported as their bounding boxes.');
  return { kind: 'box', className, box: polygonBox(numbers.slice(1)) };
}

/**
 * YOLO (Darknet and Ultralytics): one `<image stem>.txt` per image, a box per line normalised to the image's size,
 * and the class names beside them. The images' sizes come from the stored media.
 */
export const parseYolo: LabelParser = async (source, notes, collector = new LabelsCollector()) => {
  const classes = await classNames(source);
  const files = labelFiles(source.entries);
  if (files.length === 0) throw invalid('A YOLO import needs its label files (one .txt per image).');
  for (const file of files) {
    const image = collector.addImage({ source: file.path, ref: { stem: stemOf(file.path) }, units: 'fractions', marks: [] });
    for (const line of (await readText(source, file)).split(/\r?\n/)) {
      const mark = line.trim() === '' ? null : lineMark(line, classes, notes);
      if (mark) collector.addMark(image, mark);
    }
  }
  return { classes, images: collector.images };
};

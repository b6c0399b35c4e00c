import { IMAGE_VALUE_NAMES } from '../../../src/api/application-types/export-annotation';
import { invalid } from '../../errors';
import { MANIFEST_NAME } from '../../export/manifest';
import type { ExportNotes } from '../../export/notes';
import type { LabelEntry, LabelSource } from '../label-source';
import { CsvRowBudget, csvRows } from './csv-table';
import { baseName, filesEndingWith, LabelsCollector, type FileImage, type FileMark, type ImageRef, type LabelParser } from './parsed';

const FILE_COLUMNS = ['filename', 'file_name', 'image', 'image_name', 'file', 'path'];
const CLASS_COLUMNS = ['class', 'label', 'class_name', 'category', 'subject'];
const SCORE_COLUMNS = ['score', 'confidence', 'probability'];
const BOX_COLUMNS = [
  ['xmin', 'ymin', 'xmax', 'ymax'],
  ['x0', 'y0', 'x1', 'y1'],
];


type Row = Record<string, string>;

const firstOf = (row: Row, columns: readonly string[]) => columns.map((column) => row[column]).find((value) => value !== undefined && value !== '');

function numberOf(row: Row, column: string): number | null {
  const text = row[column];
  const value = text === undefined || text === '' ? NaN : Number(text);
  return Number.isFinite(value) ? value : null;
}

function refOf(row: Row): ImageRef | null {
  const fileName = firstOf(row, FILE_COLUMNS);
  const ref: ImageRef = {
    ...(row.media_id ? { mediaId: row.media_id } : {}),
    ...(row.external_media_id ? { externalMediaId: row.external_media_id } : {}),
    ...(fileName ? { fileName: baseName(fileName) } : {}),
  };
  return Object.keys(ref).length > 0 ? ref : null;
}

/** The row's mark: a box, a point, a per-image value, or (a class alone) the class of the whole image; null for none. */
function rowMark(row: Row): FileMark | null | 'unreadable' {
  const className = firstOf(row, CLASS_COLUMNS);
  if (!className) return null;
  const score = SCORE_COLUMNS.map((column) => numberOf(row, column)).find((value) => value !== null);
  const common = { className, ...(score == null ? {} : { probability: Math.min(1, Math.max(0, score)) }) };
  const boxColumns = BOX_COLUMNS.find((columns) => columns.some((column) => row[column]));
  if (boxColumns) {
    const [x0, y0, x1, y1] = boxColumns.map((column) => numberOf(row, column));
    if (x0 == null || y0 == null || x1 == null || y1 == null) return 'unreadable';
    return { ...common, kind: 'box', box: { x0, y0, x1, y1 } };
  }
  if (row.x || row.y) {
    const [x, y] = [numberOf(row, 'x'), numberOf(row, 'y')];
    return x == null || y == null ? 'unreadable' : { ...common, kind: 'point', x, y };
  }
  const valueName = IMAGE_VALUE_NAMES.find((column) => row[column]);
  if (valueName) {
    const value = numberOf(row, valueName);
    return value == null ? 'unreadable' : { ...common, kind: 'image_value', name: valueName, value };
  }
  return { ...common, kind: 'image_category' };
}

const refKey = (ref: ImageRef) => JSON.stringify([ref.mediaId, ref.externalMediaId, ref.fileName]);

async function readTable(source: LabelSource, file: LabelEntry, notes: ExportNotes, images: Map<string, FileImage>, collector: LabelsCollector, budget: CsvRowBudget): Promise<void> {
  const checkHeader = (columns: string[]) => {
    const hasRef = ['media_id', 'external_media_id', ...FILE_COLUMNS].some((column) => columns.includes(column));
    if (!hasRef || !CLASS_COLUMNS.some((column) => columns.includes(column))) {
      throw invalid(`${file.path} needs a header row with a filename (or media_id, external_media_id) column and a class column.`);
    }
  };
  for await (const { line, values } of csvRows(source, file, budget, checkHeader)) {
    const ref = refOf(values);
    const mark = ref ? rowMark(values) : 'unreadable';
    if (!ref || mark === 'unreadable') {
      notes.add('CSV rows that name no image, or whose coordinates are not numbers, were left out.');
      continue;
    }
    const key = refKey(ref);
    let image = images.get(key);
    if (!image) {
      const width = numberOf(values, 'width');
      const height = numberOf(values, 'height');
      const size = width !== null && height !== null && width >= 1 && height >= 1 ? { size: { width, height } } : {};
      image = collector.addImage({ source: `${file.path} line ${line}`, ref, units: 'pixels', marks: [], ...size });
      images.set(key, image);
    }
    if (mark) collector.addMark(image, mark);
  }
}

/**
 * CSV with a header row, one mark per row (TensorFlow's object-detection CSV among them): the image by filename,
 * media_id or external_media_id; the class; a box (xmin, ymin, xmax, ymax or x0, y0, x1, y1), a point (x, y), a
 * count or offset_x/offset_y, or nothing (the class of the whole image); a score; the image's width and height.
 * A row with an empty class lists an image that shows none of the classes.
 */
export const parseCsv: LabelParser = async (source, notes, collector = new LabelsCollector()) => {
  const tables = filesEndingWith(source.entries, '.csv').filter((file) => baseName(file.path).toLowerCase() !== MANIFEST_NAME);
  if (tables.length === 0) throw invalid('A CSV import needs its .csv file.');
  const images = new Map<string, FileImage>();
  const budget = new CsvRowBudget();
  for (const file of tables) await readTable(source, file, notes, images, collector, budget);
  const classes = new Set(collector.images.flatMap((image) => image.marks.map((mark) => mark.className)));
  return { classes: [...classes], images: collector.images };
};

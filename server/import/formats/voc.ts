import { invalid } from '../../errors';
import type { ExportNotes } from '../../export/notes';
import { baseName, filesEndingWith, stemOf, type FileImage, type FileMark, type LabelFile, type LabelParser } from './parsed';
import { childOf, childText, parseXml, type XmlElement } from './xml';

const numberIn = (element: XmlElement | undefined, name: string) => {
  const text = element && childText(element, name);
  const value = text === undefined || text === '' ? NaN : Number(text);
  return Number.isFinite(value) ? value : null;
};

/** A detector's confidence, which some tools write into the object as score or confidence. */
function scoreOf(object: XmlElement): { probability?: number } {
  const score = numberIn(object, 'score') ?? numberIn(object, 'confidence');
  return score === null ? {} : { probability: Math.min(1, Math.max(0, score)) };
}

function objectMark(object: XmlElement, notes: ExportNotes): FileMark | null {
  const className = childText(object, 'name');
  const box = childOf(object, 'bndbox');
  const [x0, y0, x1, y1] = ['xmin', 'ymin', 'xmax', 'ymax'].map((edge) => numberIn(box, edge));
  if (!className || x0 == null || y0 == null || x1 == null || y1 == null) {
    notes.add('VOC objects without a name or a complete bndbox were left out.');
    return null;
  }
  return { kind: 'box', className, box: { x0, y0, x1, y1 }, ...scoreOf(object) };
}

function annotationImage(file: LabelFile, notes: ExportNotes): FileImage {
  let root: XmlElement;
  try {
    root = parseXml(file.text);
  } catch (error) {
    throw invalid(`${file.path} is not valid XML: ${(error as Error).message}`);
  }
  if (root.name !== 'annotation') throw invalid(`${file.path} is not a Pascal VOC annotation (its root is <${root.name}>, not <annotation>).`);
  const filename = childText(root, 'filename');
  const size = childOf(root, 'size');
  const width = numberIn(size, 'width');
  const height = numberIn(size, 'height');
  return {
    source: file.path,
    // Some tools write the image's name without its extension: then it is matched by stem.
    ref: filename ? (/\.[^.]+$/.test(filename) ? { fileName: baseName(filename) } : { stem: filename }) : { stem: stemOf(file.path) },
    ...(width && height ? { size: { width, height } } : {}),
    units: 'pixels',
    marks: root.children.filter((child) => child.name === 'object').flatMap((object) => objectMark(object, notes) ?? []),
  };
}

/** Pascal VOC: one XML annotation per image (Annotations/*.xml), with labels.txt listing the classes when present. */
export const parseVoc: LabelParser = (files, notes) => {
  const images = filesEndingWith(files, '.xml').map((file) => annotationImage(file, notes));
  if (images.length === 0) throw invalid('A Pascal VOC import needs its annotation XML files.');
  const labelList = files.find((file) => baseName(file.path).toLowerCase() === 'labels.txt');
  const named = images.flatMap((image) => image.marks.map((mark) => mark.className));
  const listed = labelList ? labelList.text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean) : [];
  return { classes: [...new Set([...listed, ...named])], images };
};

import { invalid } from '../../errors';
import type { ExportNotes } from '../../export/notes';
import type { LabelEntry } from '../label-source';
import { baseName, filesEndingWith, LabelsCollector, stemOf, type FileImage, type FileMark, type LabelParser } from './parsed';
import { readText } from './read-entry';
import { readXml, type XmlElement } from '../../xml';

// Pascal VOC files name no namespace; an element is found by its local name whatever namespace a tool gave it.
const childOf = (element: XmlElement, name: string) => element.children.find((child) => child.name === name);
const childText = (element: XmlElement, name: string) => childOf(element, name)?.text.trim();

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

function annotationImage(file: LabelEntry, text: string, notes: ExportNotes): FileImage {
  let root: XmlElement;
  try {
    root = readXml(text);
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
    ...(width !== null && height !== null && width >= 1 && height >= 1 ? { size: { width, height } } : {}),
    units: 'pixels',
    marks: root.children.filter((child) => child.name === 'object').flatMap((object) => objectMark(object, notes) ?? []),
  };
}

/** Pascal VOC: one XML annotation per image (Annotations/*.xml), with labels.txt listing the classes when present. */
export const parseVoc: LabelParser = async (source, notes, collector = new LabelsCollector()) => {
  const files = filesEndingWith(source.entries, '.xml');
  if (files.length === 0) throw invalid('A Pascal VOC import needs its annotation XML files.');
  for (const file of files) collector.addImage(annotationImage(file, await readText(source, file), notes));
  const labelList = source.entries.find((file) => baseName(file.path).toLowerCase() === 'labels.txt');
  const named = collector.images.flatMap((image) => image.marks.map((mark) => mark.className));
  const listed = labelList ? (await readText(source, labelList)).split(/\r?\n/).map((line) => line.trim()).filter(Boolean) : [];
  return { classes: [...new Set([...listed, ...named])], images: collector.images };
};

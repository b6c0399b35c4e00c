import type { ImportedAnnotation } from '../../src/api/application-types/export-annotation';
import type { BoxCoords } from '../../src/api/types';
import type { ExportNotes } from '../export/notes';
import type { FileImage, FileMark } from './formats/parsed';

const ROUNDED_NOTE = 'Fractional coordinates were rounded to whole pixels.';
const CLIPPED_NOTE = 'Boxes reaching outside the image were clipped to it.';
const OUTSIDE_NOTE = 'Boxes and points outside the image (and boxes of no area) were left out.';
const SCALED_NOTE = "Marks of images whose stated size differs from the stored media's were scaled to the media.";
const VALUE_ROUNDED_NOTE = 'Counts and offsets were rounded to whole numbers.';

export interface Placement {
  /** The stored media's size in pixels. */
  width: number;
  height: number;
  /** The output subject a class names, if any. */
  subjectOf(className: string): string | undefined;
  notes: ExportNotes;
}

const isWhole = (...values: number[]) => values.every(Number.isInteger);

function placeBox(box: BoxCoords, scale: { x: number; y: number }, { width, height, notes }: Placement): BoxCoords | null {
  const scaled = [box.x0 * scale.x, box.y0 * scale.y, box.x1 * scale.x, box.y1 * scale.y];
  const [x0, y0, x1, y1] = scaled.map(Math.round) as [number, number, number, number];
  if (!isWhole(...scaled)) notes.add(ROUNDED_NOTE);
  const clipped = { x0: Math.max(0, x0), y0: Math.max(0, y0), x1: Math.min(width, x1), y1: Math.min(height, y1) };
  if (clipped.x0 >= clipped.x1 || clipped.y0 >= clipped.y1) {
    notes.add(OUTSIDE_NOTE);
    return null;
  }
  if (clipped.x0 !== x0 || clipped.y0 !== y0 || clipped.x1 !== x1 || clipped.y1 !== y1) notes.add(CLIPPED_NOTE);
  return clipped;
}

/** A mark of a known class in the media's whole pixels; null when it falls outside the image. */
function placeMark(mark: FileMark, subjectUid: string, scale: { x: number; y: number }, placement: Placement): ImportedAnnotation | null {
  const common = { subjectUid, ...(mark.probability === undefined ? {} : { probability: mark.probability }) };
  switch (mark.kind) {
    case 'box': {
      const box = placeBox(mark.box, scale, placement);
      return box && { ...common, kind: 'box', box };
    }
    case 'point': {
      const [x, y] = [mark.x * scale.x, mark.y * scale.y];
      if (!isWhole(x, y)) placement.notes.add(ROUNDED_NOTE);
      const [px, py] = [Math.round(x), Math.round(y)];
      if (px < 0 || py < 0 || px > placement.width || py > placement.height) {
        placement.notes.add(OUTSIDE_NOTE);
        return null;
      }
      return { ...common, kind: 'point', x: px, y: py };
    }
    case 'image_value':
      if (!isWhole(mark.value)) placement.notes.add(VALUE_ROUNDED_NOTE);
      return { ...common, kind: 'image_value', name: mark.name, value: Math.round(mark.value) };
    case 'image_category':
      return { ...common, kind: 'image_category' };
  }
}

/** How the file's units become the media's pixels: its fractions, or its stated size when the media's differs. */
function scaleOf(image: FileImage, placement: Placement): { x: number; y: number } {
  if (image.units === 'fractions') return { x: placement.width, y: placement.height };
  const { size } = image;
  if (!size || image.marks.length === 0 || (size.width === placement.width && size.height === placement.height)) return { x: 1, y: 1 };
  placement.notes.add(SCALED_NOTE);
  return { x: placement.width / size.width, y: placement.height / size.height };
}

/**
 * The marks of an image of the file as annotations on its media item: in whole pixels (rounded), boxes clipped to the
 * image, marks outside it left out, each noted. Marks of classes that name no output subject are left out and counted
 * by class in `unknown`.
 */
export function placeMarks(image: FileImage, placement: Placement, unknown: Map<string, number>): ImportedAnnotation[] {
  const scale = scaleOf(image, placement);
  return image.marks.flatMap((mark) => {
    const subjectUid = placement.subjectOf(mark.className);
    if (subjectUid === undefined) {
      unknown.set(mark.className, (unknown.get(mark.className) ?? 0) + 1);
      return [];
    }
    return placeMark(mark, subjectUid, scale, placement) ?? [];
  });
}

import type { ImageValueName } from '../../../src/api/application-types/export-annotation';
import type { BoxCoords } from '../../../src/api/types';
import { IMPORT_IMAGES_MAX, IMPORT_MARKS_MAX } from '../../../src/api/limits';
import { tooLarge } from '../../errors';
import type { ExportNotes } from '../../export/notes';
import type { LabelEntry, LabelSource } from '../label-source';

/** A mark as a label file states it, by class name, in the file's own units; `probability` when it gives a score. */
export type FileMark = { className: string; probability?: number } & (
  | { kind: 'box'; box: BoxCoords }
  | { kind: 'point'; x: number; y: number }
  | { kind: 'image_category' }
  | { kind: 'image_value'; name: ImageValueName; value: number }
);

/** How a file names the image its marks are on; the import matches it to a media item of the tenant. */
export interface ImageRef {
  mediaId?: string;
  externalMediaId?: string;
  /** The image's file name, without folders. */
  fileName?: string;
  /** Only the name without its extension (a YOLO label file is named after its image's stem). */
  stem?: string;
}

export interface FileImage {
  /** Where the image is named, for messages: `annotations.json`, `labels/a.txt`, `labels.csv row 4`. */
  source: string;
  ref: ImageRef;
  /** The image's size as the file states it; marks are scaled when the stored media is of another size. */
  size?: { width: number; height: number };
  /** `pixels` of the image, or `fractions` of its width and height (YOLO). */
  units: 'pixels' | 'fractions';
  marks: FileMark[];
}

/** What a format's parser reads from the label files. */
export interface ParsedLabels {
  /** The classes the files label (a subject they cover is answered False on an image without its marks). */
  classes: string[];
  images: FileImage[];
}

/**
 * Reads the files of one format as they stream; throws an `invalid` DomainError for files that are not that format, a
 * `too-large` one past a limit, and notes lesser problems.
 */
export type LabelParser = (source: LabelSource, notes: ExportNotes, collector?: LabelsCollector) => Promise<ParsedLabels>;

/**
 * Collects the images the files name and their marks, refusing the import past IMPORT_IMAGES_MAX or IMPORT_MARKS_MAX.
 * One that does not `retain` only counts the marks: files are checked without holding their labels.
 */
export class LabelsCollector {
  readonly images: FileImage[] = [];
  private marks = 0;

  constructor(readonly retain = true) {}

  addImage(image: FileImage): FileImage {
    if (this.images.length >= IMPORT_IMAGES_MAX) {
      throw tooLarge(`The files name more than ${IMPORT_IMAGES_MAX.toLocaleString('en')} images, the most one import takes (IMPORT_IMAGES_MAX). Split them.`);
    }
    this.images.push(image);
    this.countMarks(image.marks.length);
    return image;
  }

  addMark(image: FileImage, mark: FileMark): void {
    this.countMarks(1);
    if (this.retain) image.marks.push(mark);
  }

  countMarks(count: number): void {
    this.marks += count;
    if (this.marks > IMPORT_MARKS_MAX) {
      throw tooLarge(`The files hold more than ${IMPORT_MARKS_MAX.toLocaleString('en')} marks, the most one import takes (IMPORT_MARKS_MAX). Split them.`);
    }
  }
}

/** The file name at the end of a path, whichever separator it uses. */
export const baseName = (path: string) => path.replace(/^.*[/\\]/, '');

/** The file name without its extension. */
export const stemOf = (path: string) => baseName(path).replace(/\.[^.]*$/, '');

/** How an image is named in messages. */
export const describeRef = (ref: ImageRef) => ref.fileName ?? ref.stem ?? ref.externalMediaId ?? ref.mediaId ?? '(unnamed image)';

/** The files whose names end with one of the extensions, in path order. */
export const filesEndingWith = (files: readonly LabelEntry[], ...extensions: string[]) =>
  files.filter((file) => extensions.some((extension) => file.path.toLowerCase().endsWith(extension))).sort((a, b) => a.path.localeCompare(b.path));

import type { ExportAnnotation } from '../../../src/api/application-types/export-annotation';
import type { BoxCoords } from '../../../src/api/types';
import type { ExportDataset, ExportImage } from '../dataset';
import type { ExportNotes } from '../notes';

export interface ExportFile {
  /** Inside the zip, `/`-separated. */
  path: string;
  content: string;
}

/** One export format: the label files it writes for a dataset, and where it expects the images. */
export interface FormatWriter {
  /** The folder of the images in the zip. */
  imageFolder: string;
  /** True when the labels are more than one file, so an export without images is still a zip. */
  multiFile: boolean;
  /** The label files; what the format cannot express goes into the notes. */
  labelFiles(dataset: ExportDataset, notes: ExportNotes): ExportFile[];
}

/** The side of the square box that stands for a point in formats that have boxes only. */
const POINT_BOX_SIZE = 10;

/** A POINT_BOX_SIZE square centred on the point, cut to the image. */
export function pointBox(x: number, y: number, image: Pick<ExportImage, 'width' | 'height'>): BoxCoords {
  const half = POINT_BOX_SIZE / 2;
  return {
    x0: Math.max(0, x - half),
    y0: Math.max(0, y - half),
    x1: Math.min(image.width, x + half),
    y1: Math.min(image.height, y + half),
  };
}

const POINT_AS_BOX_NOTE = `Points were written as ${POINT_BOX_SIZE}×${POINT_BOX_SIZE} pixel boxes centred on each point.`;

/**
 * The boxes of an image for formats that have boxes only: boxes as they are, points as small boxes (noted), and a
 * note for each image-level label, which such formats cannot hold.
 */
export function boxesOf(image: ExportImage, notes: ExportNotes, format: string): { subjectUid: string; box: BoxCoords }[] {
  return image.annotations.flatMap((annotation: ExportAnnotation) => {
    switch (annotation.kind) {
      case 'box':
        return [{ subjectUid: annotation.subjectUid, box: annotation.box }];
      case 'point':
        notes.add(POINT_AS_BOX_NOTE);
        return [{ subjectUid: annotation.subjectUid, box: pointBox(annotation.x, annotation.y, image) }];
      case 'image_category':
        notes.add(`${format} has no classes of a whole image, so image-level labels were left out (COCO keeps them).`);
        return [];
      case 'image_value':
        notes.add(`${format} has no per-image values, so ${annotation.name} labels were left out (COCO keeps them).`);
        return [];
      case 'image_text':
        notes.add(`${format} has no text of an image, so text readings were left out (COCO keeps them).`);
        return [];
    }
  });
}

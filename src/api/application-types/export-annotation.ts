import type { BoxCoords } from '../primitives';

/** The per-image values an answer can carry besides marks: a count or an edge offset (the names exports write them by). */
export const IMAGE_VALUE_NAMES = ['count', 'offset_x', 'offset_y'] as const;
export type ImageValueName = (typeof IMAGE_VALUE_NAMES)[number];

/**
 * What one answer of an application becomes in an export, in the media's pixels. Each application type says how its
 * app_data maps to these (AnswerRule.exportAnnotations); each export format says which of them it can write.
 */
export type ExportAnnotation =
  | { kind: 'box'; subjectUid: string; box: BoxCoords }
  | { kind: 'point'; subjectUid: string; x: number; y: number }
  /** The subject is in the image (a class of the whole image). */
  | { kind: 'image_category'; subjectUid: string }
  | { kind: 'image_value'; subjectUid: string; name: ImageValueName; value: number }
  /** The text read in the image (ocr). */
  | { kind: 'image_text'; subjectUid: string; text: string };

/**
 * An annotation read from an imported label file, placed on its media item (whole pixels inside it), with the
 * model's confidence when the file gives one. Each application type says which app_data these make
 * (AnswerRule.importAppData), the inverse of its exportAnnotations.
 */
export type ImportedAnnotation = ExportAnnotation & { probability?: number };

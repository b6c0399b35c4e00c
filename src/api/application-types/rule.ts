import type { z } from '../zod';
import type { AppDataType, BoxCoords, FieldError, MeasureKind } from '../primitives';
import type { ItemAnswer } from './answer';
import type { ExportAnnotation, ImportedAnnotation } from './export-annotation';

/** Where an answer's marks are judged: the media's size and the focus, if the answer has one. */
export interface AnswerPlace {
  width: number;
  height: number;
  focus: BoxCoords | null;
}

/** Where an answer's app_data places marks on the media, in its pixels: for showing answers side by side. */
export interface AnswerMarks {
  boxes?: readonly BoxCoords[];
  points?: readonly { x: number; y: number }[];
  /** Lines across the whole media: at x (a vertical line) or at y (a horizontal one). */
  lines?: readonly { axis: 'x' | 'y'; at: number }[];
}

/** What a labellable application type accepts as feedback; T is its app_data. */
export interface AnswerRule<T = unknown> {
  /** The app_data_type a True answer carries; null: a True answer carries no app_data. */
  appDataType: AppDataType | null;
  /** The kind of measures its models are judged by on held-out answers, which says the figure a release goes by. */
  measure: MeasureKind;
  /** The shape of that app_data, checked without knowing the media. */
  appData: z.ZodMiniType<T> | null;
  /**
   * Which output subjects one message answers: `one` exactly one; `some` one or more, each at most once (the marks
   * of each class); `every` every output subject, once each.
   */
  subjects: 'one' | 'some' | 'every';
  allowsFalse: boolean;
  /**
   * False when the type's model does not find its subjects by what sees each of them (a colour or a detector class,
   * `custom_fields.appearance`): ocr reads text.
   */
  seesSubjects?: false;
  /**
   * False for every output subject, in one message, answers that none of them applies (classification's "none of
   * these"), although the type takes no False otherwise.
   */
  allowsNone?: boolean;
  /** Problems with where the marks of a well-shaped app_data lie; fields are relative to app_data. */
  placementErrors?(appData: T, place: AnswerPlace): FieldError[];
  /**
   * The answer several labellers agree on, or null when they disagree. `tolerance` is the application's
   * consensus_tolerance: how far counts and offsets may differ, and how many pixels apart points may lie.
   */
  agree(answers: readonly ItemAnswer[], tolerance: number): ItemAnswer | null;
  /** What a True answer's app_data says in words, where marks or a number do not show it (ocr: the text). */
  words?(appData: T): string;
  /** The marks a True answer's app_data places on the media; absent for types whose answers place none. */
  marks?(appData: T): AnswerMarks;
  /** What a True answer on the subject (with its checked app_data, or null) becomes in a label export. */
  exportAnnotations(appData: T, subjectUid: string): ExportAnnotation[];
  /**
   * The inverse, for imports: the app_data of a True answer on a subject from the imported annotations of that
   * subject (whole pixels inside the media), or null when they show nothing of it.
   */
  importAppData(annotations: readonly ImportedAnnotation[]): { appData: T } | null;
}

/** For types whose True answers carry no app_data: any annotation of the subject says it is there. */
export const importPresence = (annotations: readonly ImportedAnnotation[]): { appData: null } | null =>
  annotations.length > 0 ? { appData: null } : null;

/** Boxes and points must lie inside the focus when there is one, else inside the media. */
export function markArea(place: AnswerPlace): { area: BoxCoords; name: string } {
  if (place.focus) return { area: place.focus, name: 'the focus' };
  return { area: { x0: 0, y0: 0, x1: place.width, y1: place.height }, name: 'the media' };
}

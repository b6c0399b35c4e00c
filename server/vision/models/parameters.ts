import { detectorClassOf, type CocoClass, type DetectorClassSetting } from '../../../src/api/detector/classes';
import type { OcrSettings } from '../../../src/api/application-types/ocr';
import type { LabellableType } from '../../../src/api/types';
import { isHexColour } from '../colour';
import type { SubjectHead } from '../head/head';

/** Which feature of the subject an offset application measures, along its axis. */
export const OFFSET_REFERENCES = ['near_edge', 'centre', 'far_edge'] as const;
export type OffsetReference = (typeof OFFSET_REFERENCES)[number];

/** What a subject looks like, as the baseline models see it. Areas are in media pixels. */
export interface SubjectAppearance {
  /** The subject's colour, `#rrggbb`. */
  color: string;
  /** 0..1: a pixel within 100 × tolerance (weighted Lab distance) counts fully; up to twice that, partly. */
  tolerance: number;
  /** Smaller regions are noise. */
  min_area: number;
  /** The area of one object, so that a count can split objects that touch; null when unknown. */
  typical_area: number | null;
}

export interface ModelParameters {
  /**
   * Per output subject uid, the pretrained detector's class it maps to (null: none). Not learnt: always the
   * subjects' current mapping (see `withDetectorClasses`).
   */
  detector_class: Record<string, CocoClass | null>;
  /** Per output subject uid; null when no colour is configured (an unmapped subject is then unknown to the models). */
  appearance: Record<string, SubjectAppearance | null>;
  offset_reference: OffsetReference;
  /** Per output subject uid, what its answers taught (server/vision/head); absent on models released before it. */
  head?: Record<string, SubjectHead>;
  /**
   * ocr: which characters the reader reads and how the text is laid out. Not learnt: always the application's
   * current settings (its type module's `settingsParameters`); absent for the types that read no text.
   */
  text_reading?: OcrSettings;
}

export const DEFAULT_TOLERANCE = 0.2;
export const DEFAULT_MIN_AREA = 80;

export interface ApplicationForModel {
  type: LabellableType;
  output_subjects: readonly string[];
  custom_fields: Record<string, unknown>;
}

/** What the models need to know of a subject. */
export type SubjectForModel = { name: string; detector_class: DetectorClassSetting };

/** Parameters (of a release, or new) with the subjects' current detector mapping. */
export function withDetectorClasses(
  parameters: Omit<ModelParameters, 'detector_class'>,
  subjects: Record<string, SubjectForModel>,
): ModelParameters {
  const mapped = Object.keys(parameters.appearance).map((uid) => {
    const subject = subjects[uid];
    return [uid, subject ? detectorClassOf(subject) : null] as const;
  });
  return { ...parameters, detector_class: Object.fromEntries(mapped) };
}

/**
 * The baseline's parameters from an application's `custom_fields` (see docs/models.md) and its output subjects:
 * each subject's detector class (its explicit setting or its name's), and its configured colour (`appearance[uid]`),
 * which the colour model uses for a subject that maps to no detector class. A name is never a colour.
 */
export function parametersFromApplication(app: ApplicationForModel, subjects: Record<string, SubjectForModel>): ModelParameters {
  const configured = asRecord(app.custom_fields['appearance']);
  const appearance: Record<string, SubjectAppearance | null> = {};
  for (const uid of app.output_subjects) appearance[uid] = appearanceFrom(asRecord(configured[uid]));
  const reference = app.custom_fields['offset_reference'];
  return withDetectorClasses({
    appearance,
    offset_reference: OFFSET_REFERENCES.find((value) => value === reference) ?? 'near_edge',
  }, subjects);
}

function appearanceFrom(config: Record<string, unknown>): SubjectAppearance | null {
  if (!isHexColour(config['color'])) return null;
  return {
    color: config['color'].toLowerCase(),
    tolerance: numberIn(config['tolerance'], 0.02, 1) ?? DEFAULT_TOLERANCE,
    min_area: numberIn(config['min_area'], 1, Number.MAX_SAFE_INTEGER) ?? DEFAULT_MIN_AREA,
    typical_area: numberIn(config['typical_area'], 1, Number.MAX_SAFE_INTEGER),
  };
}

function numberIn(value: unknown, min: number, max: number): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value : null;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

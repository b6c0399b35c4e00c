import { detectorClassOf, type CocoClass, type DetectorClassSetting } from '../../../src/api/detector/classes';
import type { NsfwClass } from '../../../src/api/application-types/nsfw';
import type { OcrSettings } from '../../../src/api/application-types/ocr';
import { APPEARANCE, appearanceOf, type SubjectAppearance } from '../../../src/api/schemas/appearance';
import type { LabellableType } from '../../../src/api/types';
import type { SubjectHead } from '../head/head';
import type { FoundObject } from '../exemplars/like-exemplars';
import type { ExemplarTemplate } from '../exemplars/templates';

export type { SubjectAppearance };

/** Which feature of the subject an offset application measures, along its axis. */
const OFFSET_REFERENCES = ['near_edge', 'centre', 'far_edge'] as const;
export type OffsetReference = (typeof OFFSET_REFERENCES)[number];

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
  /**
   * nsfw: per output subject uid, the content classifier's class its name stands for (null: none). Not learnt: always
   * the subjects' current names (its type module's `settingsParameters`); absent for the other types.
   */
  content_class?: Record<string, NsfwClass | null>;
  /**
   * Per output subject uid, the objects that a "find more like these" search found in the one image being run on
   * (predict with exemplars, server/vision/exemplars): the subject's model takes them instead of any other model's.
   */
  found_objects?: Record<string, readonly FoundObject[]>;
  /**
   * Per output subject uid, exemplars remembered from "find more like these" and from boxed answers (newest first),
   * looked for in every image when the subject maps to no detector class, before its colour (server/vision/exemplars).
   */
  exemplars?: Record<string, ExemplarTemplate[]>;
}

export const DEFAULT_MIN_AREA = APPEARANCE.minArea.default;

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
  const appearance: Record<string, SubjectAppearance | null> = {};
  for (const uid of app.output_subjects) appearance[uid] = appearanceOf(app.custom_fields, uid);
  const reference = app.custom_fields['offset_reference'];
  return withDetectorClasses({
    appearance,
    offset_reference: OFFSET_REFERENCES.find((value) => value === reference) ?? 'near_edge',
  }, subjects);
}

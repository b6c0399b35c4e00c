import { detectorClassOf, type CocoClass, type DetectorClassSetting } from '../../../src/api/detector/classes';
import { APPEARANCE, appearanceOf, type SubjectAppearance } from '../../../src/api/schemas/appearance';
import type { SubjectHead } from '../head/head';
import type { FoundObject } from '../exemplars/like-exemplars';
import type { ExemplarTemplate } from '../exemplars/templates';

export type { SubjectAppearance };

/**
 * The parameters every type's model shares: what sees each output subject and what answers taught about it. A type's
 * module keeps parameters of its own beside these (server/types/type-module.ts), stored with them in a release.
 */
export interface ModelParameters {
  /**
   * Per output subject uid, the pretrained detector's class it maps to (null: none). Not learnt: always the
   * subjects' current mapping (see `withDetectorClasses`).
   */
  detector_class: Record<string, CocoClass | null>;
  /** Per output subject uid; null when no colour is configured (an unmapped subject is then unknown to the models). */
  appearance: Record<string, SubjectAppearance | null>;
  /** Per output subject uid, what its answers taught (server/vision/head); absent on models released before it. */
  head?: Record<string, SubjectHead>;
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

/** What the shared parameters are made of: an application's output subjects and its custom_fields. */
export interface ApplicationForModel {
  output_subjects: readonly string[];
  custom_fields: Record<string, unknown>;
}

/** What the models need to know of a subject. */
export type SubjectForModel = { name: string; detector_class: DetectorClassSetting };

/** Parameters (of a release, or new) with the subjects' current detector mapping. */
export function withDetectorClasses<P extends Omit<ModelParameters, 'detector_class'>>(
  parameters: P,
  subjects: Record<string, SubjectForModel>,
): P & Pick<ModelParameters, 'detector_class'> {
  const mapped = Object.keys(parameters.appearance).map((uid) => {
    const subject = subjects[uid];
    return [uid, subject ? detectorClassOf(subject) : null] as const;
  });
  return { ...parameters, detector_class: Object.fromEntries(mapped) };
}

/**
 * The baseline's shared parameters from an application's `custom_fields` (see docs/models.md) and its output subjects:
 * each subject's detector class (its explicit setting or its name's), and its configured colour (`appearance[uid]`),
 * which the colour model uses for a subject that maps to no detector class. A name is never a colour.
 */
export function subjectParameters(app: ApplicationForModel, subjects: Record<string, SubjectForModel>): ModelParameters {
  const appearance: Record<string, SubjectAppearance | null> = {};
  for (const uid of app.output_subjects) appearance[uid] = appearanceOf(app.custom_fields, uid);
  return withDetectorClasses({ appearance }, subjects);
}

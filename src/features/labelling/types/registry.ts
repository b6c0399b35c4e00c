import type { Application } from '../../../api/schemas/application';
import type { ApplicationType } from '../../../api/types';
import type { LabelTarget } from '../contract/target';
import type { Annotation } from './annotation';
import { boxDetection } from './box-detection/module';
import { classification } from './classification/module';
import { detectionFullframe } from './detection-fullframe/module';
import { ocr } from './ocr/module';
import { offsetX, offsetY } from './offset/module';
import { point } from './point/module';
import { staticCount } from './static-count/module';
import type { AnyTypeModule } from '../contract/type-module';

/** Every type the workspace labels, each by its one module. */
export const TYPE_MODULES: readonly AnyTypeModule[] = [classification, detectionFullframe, boxDetection, staticCount, offsetX, offsetY, point, ocr];

const byType = new Map<string, AnyTypeModule>(TYPE_MODULES.map((module) => [module.type, module]));

export const typeModule = (type: ApplicationType | string): AnyTypeModule | undefined => byType.get(type);

/** The module of an annotation (every annotation is made by its module, so there always is one). */
export const moduleOf = (annotation: Annotation): AnyTypeModule => byType.get(annotation.type)!;

const isLabellable = (app: Pick<Application, 'type' | 'output_subjects'>): boolean =>
  byType.has(app.type) && app.output_subjects.length > 0;

/** The editable starting point for an item; null when this application cannot be labelled here. */
export function initialAnnotation(app: Application, target: LabelTarget): Annotation | null {
  if (!isLabellable(app)) return null;
  return (typeModule(app.type)?.initial(app, target) as Annotation | null | undefined) ?? null;
}

/**
 * A kept annotation (a draft, or an answer kept for going back) of this application type, in today's shape (one kept
 * by an older version of the app is brought up to date); null when it is of another type or cannot be read.
 */
export function restoredAnnotation(stored: { readonly type: string } | null | undefined, type: ApplicationType): Annotation | null {
  if (!stored || stored.type !== type) return null;
  const revive = moduleOf(stored as Annotation).revive;
  return revive ? (revive(stored as Annotation) as Annotation | null) : (stored as Annotation);
}

/** The annotation as it was answered: its shown marks, all the labeller's now (the model's set-aside ones left out). */
export const answeredAnnotation = (annotation: Annotation): Annotation =>
  (moduleOf(annotation).proposals?.confirmed(annotation) as Annotation | undefined) ?? annotation;

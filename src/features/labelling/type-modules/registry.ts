import type { Application } from '../../../api/schemas/application';
import type { ApplicationType } from '../../../api/types';
import type { LabelTarget } from '../annotation/target';
import type { Annotation } from './annotation';
import { boxDetection } from './box-detection';
import { classification } from './classification';
import { detectionFullframe } from './detection-fullframe';
import { offsetX, offsetY } from './offset';
import { point } from './point';
import { staticCount } from './static-count';
import type { AnyTypeModule } from './type-module';

/** Every type the workspace labels, each by its one module. */
export const TYPE_MODULES: readonly AnyTypeModule[] = [classification, detectionFullframe, boxDetection, staticCount, offsetX, offsetY, point];

const byType = new Map<string, AnyTypeModule>(TYPE_MODULES.map((module) => [module.type, module]));

export const typeModule = (type: ApplicationType | string): AnyTypeModule | undefined => byType.get(type);

/** The module of an annotation (every annotation is made by its module, so there always is one). */
export const moduleOf = (annotation: Annotation): AnyTypeModule => byType.get(annotation.type)!;

export const isLabellable = (app: Pick<Application, 'type' | 'output_subjects'>): boolean =>
  byType.has(app.type) && app.output_subjects.length > 0;

/** The editable starting point for an item; null when this application cannot be labelled here. */
export function initialAnnotation(app: Application, target: LabelTarget): Annotation | null {
  if (!isLabellable(app)) return null;
  return (typeModule(app.type)?.initial(app, target) as Annotation | null | undefined) ?? null;
}

// Test helpers: the app's registry, its answers typed as the union of today's types so that a test reads their fields.
import type { Application } from '../../../api/schemas/application';
import type { LabelTarget } from '../contract/target';
import type { Change } from '../contract/tool-events';
import { applyToolChange as applyChange } from '../contract/tool-runner';
import type { AnnotationBase } from '../contract/type-module';
import type { Annotation } from '../types/annotation';
import { LABELLING_TYPES } from '../types/registry';

export { LABELLING_TYPES };

export const initialAnnotation = (app: Application, target: LabelTarget) => LABELLING_TYPES.initialAnnotation(app, target) as Annotation | null;

export const moduleOf = (annotation: AnnotationBase) => LABELLING_TYPES.moduleOf(annotation);

export const applyToolChange = <A extends Annotation>(annotation: A, change: Change, newClass: string | null = null) =>
  applyChange(moduleOf(annotation), annotation, change, newClass) as A;

import type { Application } from '../../../api/schemas/application';
import type { ApplicationType } from '../../../api/types';
import type { LabelTarget } from './target';
import type { AnnotationBase, AnyTypeModule } from './type-module';

/**
 * The types the workspace can label, each by its one module. The host is handed one (`TypeRegistryProvider`) and asks
 * it for a type's module; it never names a type itself.
 */
export interface TypeRegistry {
  readonly modules: readonly AnyTypeModule[];
  typeModule(type: ApplicationType | string): AnyTypeModule | undefined;
  /** The module of an annotation (every annotation is made by its module, so there always is one). */
  moduleOf(annotation: AnnotationBase): AnyTypeModule;
  /** The editable starting point for an item; null when this application cannot be labelled here. */
  initialAnnotation(app: Application, target: LabelTarget): AnnotationBase | null;
  /**
   * A kept annotation (a draft, or an answer kept for going back) of this application type, in today's shape (one kept
   * by an older version of the app is brought up to date); null when it is of another type or cannot be read.
   */
  restoredAnnotation(stored: { readonly type: string } | null | undefined, type: ApplicationType): AnnotationBase | null;
  /** The annotation as it was answered: its shown marks, all the labeller's now (the model's set-aside ones left out). */
  answeredAnnotation(annotation: AnnotationBase): AnnotationBase;
}

export function typeRegistry(modules: readonly AnyTypeModule[]): TypeRegistry {
  const byType = new Map<string, AnyTypeModule>(modules.map((module) => [module.type, module]));
  const moduleOf = (annotation: AnnotationBase) => byType.get(annotation.type)!;
  return {
    modules,
    typeModule: (type) => byType.get(type),
    moduleOf,
    initialAnnotation: (app, target) => (app.output_subjects.length > 0 ? (byType.get(app.type)?.initial(app, target) ?? null) : null),
    restoredAnnotation(stored, type) {
      if (!stored || stored.type !== type || !byType.has(type)) return null;
      const revive = moduleOf(stored as AnnotationBase).revive;
      return revive ? revive(stored as AnnotationBase) : (stored as AnnotationBase);
    },
    answeredAnnotation: (annotation) => moduleOf(annotation).proposals?.confirmed(annotation) ?? annotation,
  };
}

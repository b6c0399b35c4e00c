import type { LabellableType } from '../../../api/types';
import type { AnnotationOf } from '../contract/type-module';
import type { TYPE_MODULES } from './registry';

/** The item being edited, in the shape of its application type's module: the annotations of the registry's modules. */
export type Annotation = AnnotationOf<(typeof TYPE_MODULES)[LabellableType]>;

import type { BoxAnnotation } from './box-detection';
import type { ClassificationAnnotation } from './classification';
import type { FullframeAnnotation } from './detection-fullframe';
import type { OcrAnnotation } from './ocr';
import type { OffsetAnnotation } from './offset';
import type { PointAnnotation } from './point';
import type { CountAnnotation } from './static-count';

/** The item being edited, in the shape of its application type's module. */
export type Annotation = ClassificationAnnotation | FullframeAnnotation | BoxAnnotation | PointAnnotation | CountAnnotation | OffsetAnnotation | OcrAnnotation;

import type { BoxAnnotation } from './box-detection/module';
import type { ClassificationAnnotation } from './classification/module';
import type { FullframeAnnotation } from './detection-fullframe/module';
import type { NsfwAnnotation } from './nsfw/module';
import type { OcrAnnotation } from './ocr/module';
import type { OffsetAnnotation } from './offset/module';
import type { PointAnnotation } from './point/module';
import type { CountAnnotation } from './static-count/module';

/** The item being edited, in the shape of its application type's module. */
export type Annotation = ClassificationAnnotation | FullframeAnnotation | BoxAnnotation | PointAnnotation | CountAnnotation | OffsetAnnotation | OcrAnnotation | NsfwAnnotation;

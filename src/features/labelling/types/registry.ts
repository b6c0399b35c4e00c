import type { LabellableType } from '../../../api/types';
import type { AnyTypeModule } from '../contract/type-module';
import { typeRegistry } from '../contract/type-registry';
import { boxDetection } from './box-detection/module';
import { classification } from './classification/module';
import { detectionFullframe } from './detection-fullframe/module';
import { nsfw } from './nsfw/module';
import { ocr } from './ocr/module';
import { offsetX, offsetY } from './offset/module';
import { point } from './point/module';
import { staticCount } from './static-count/module';

/**
 * One module per labellable type of the contract (src/api/types.ts): a type without its module is a type error. The
 * annotations of these modules are the workspace's `Annotation` (./annotation.ts).
 */
export const TYPE_MODULES = {
  classification,
  detection_fullframe: detectionFullframe,
  box_detection: boxDetection,
  static_count: staticCount,
  offset_x: offsetX,
  offset_y: offsetY,
  point,
  ocr,
  nsfw,
} as const satisfies Record<LabellableType, AnyTypeModule>;

/** Every type the workspace labels, each by its one module: a new type is one folder here and one line above. */
export const LABELLING_TYPES = typeRegistry(Object.values(TYPE_MODULES));

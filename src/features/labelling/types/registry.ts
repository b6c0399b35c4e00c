import { typeRegistry } from '../contract/type-registry';
import { boxDetection } from './box-detection/module';
import { classification } from './classification/module';
import { detectionFullframe } from './detection-fullframe/module';
import { ocr } from './ocr/module';
import { offsetX, offsetY } from './offset/module';
import { point } from './point/module';
import { staticCount } from './static-count/module';

/** Every type the workspace labels, each by its one module: a new type is one folder here and one line below. */
export const LABELLING_TYPES = typeRegistry([classification, detectionFullframe, boxDetection, staticCount, offsetX, offsetY, point, ocr]);

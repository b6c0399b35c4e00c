import type { z } from '../../src/api/zod';
import type { LabellableType } from '../../src/api/types';
import type { PipelineModule } from './pipeline-module';
import { boxDetection } from './box-detection/module';
import { classification } from './classification/module';
import { detectionFullframe } from './detection-fullframe/module';
import { dynamicTracking } from './dynamic-tracking/module';
import { lineCrossing } from './line-crossing/module';
import { ocr } from './ocr/module';
import { offsetX, offsetY } from './offset/module';
import { point } from './point/module';
import { staticCount } from './static-count/module';
import type { SequenceModule } from './sequence-module';
import type { TypeModule } from './type-module';
import { videoSegmentation } from './video-segmentation/module';
import { motion } from './motion/module';
import type { FrameComparisonModule } from './frame-comparison-module';
import { staticCrop } from './static-crop/module';

/**
 * Every application type the service implements, each by its one module. The order is the demo's: a demo
 * application's scenes are seeded by its type's place here, so a new type goes at the end.
 */
export const TYPE_MODULES: readonly TypeModule[] = [classification, detectionFullframe, boxDetection, staticCount, offsetX, offsetY, point, ocr];

export const IMPLEMENTED_TYPES: readonly LabellableType[] = TYPE_MODULES.map((module) => module.type);

const byType = new Map<string, TypeModule>(TYPE_MODULES.map((module) => [module.type, module]));

/** The module of a type; undefined for types the service takes no feedback on and has no model for. */
export const typeModule = (type: string): TypeModule | undefined => byType.get(type);

export const isImplemented = (type: string): type is LabellableType => byType.has(type);

/** The module of a type known to be implemented. */
export function moduleOf(type: LabellableType): TypeModule {
  const module = byType.get(type);
  if (!module) throw new RangeError(`The service has no module for the application type ${type}.`);
  return module;
}

/** Every pipeline type the service runs (src/api/types.ts, PIPELINE_TYPES), each by its one module. */
export const PIPELINE_MODULES: readonly PipelineModule[] = [videoSegmentation, staticCrop];

const pipelineByType = new Map<string, PipelineModule>(PIPELINE_MODULES.map((module) => [module.type, module]));

/** The module of a pipeline type; undefined for any other type. */
export const pipelineModule = (type: string): PipelineModule | undefined => pipelineByType.get(type);

/** Every frame comparison type the service runs (src/api/types.ts, FRAME_COMPARISON_TYPES), each by its one module. */
export const FRAME_COMPARISON_MODULES: readonly FrameComparisonModule[] = [motion];

const frameComparisonByType = new Map<string, FrameComparisonModule>(FRAME_COMPARISON_MODULES.map((module) => [module.type, module]));

/** The module of a frame comparison type; undefined for any other type. */
export const frameComparisonModule = (type: string): FrameComparisonModule | undefined => frameComparisonByType.get(type);

/** Every sequence type the service runs (src/api/types.ts, SEQUENCE_TYPES), each by its one module. */
export const SEQUENCE_MODULES: readonly SequenceModule[] = [dynamicTracking, lineCrossing];

const sequenceByType = new Map<string, SequenceModule>(SEQUENCE_MODULES.map((module) => [module.type, module]));

/** The module of a sequence type; undefined for any other type. */
export const sequenceModule = (type: string): SequenceModule | undefined => sequenceByType.get(type);

/** The rule of a type's settings (an application's custom_fields), if its module has one. */
export const settingsRuleOf = (type: string): z.ZodMiniType | undefined =>
  pipelineModule(type)?.settings ?? frameComparisonModule(type)?.settings ?? sequenceModule(type)?.settings ?? typeModule(type)?.settings;

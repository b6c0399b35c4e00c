import {
  APPLICATION_TYPE_KINDS,
  kindOf,
  LABELLABLE_TYPES,
  STANDARD_APPLICATION_TYPES,
  type ApplicationKind,
  type ApplicationType,
  type LabellableType,
  type TypesOfKind,
} from '../../src/api/types';
import type { DemoType } from '../vision/demo';
import { boxDetection } from './box-detection/module';
import type { CaptureModule } from './capture-module';
import { classification } from './classification/module';
import { detectionFullframe } from './detection-fullframe/module';
import { dynamicTracking } from './dynamic-tracking/module';
import type { FrameComparisonModule } from './frame-comparison-module';
import { lineCrossing } from './line-crossing/module';
import { motion } from './motion/module';
import { networkCamera } from './network-camera/module';
import { nsfw } from './nsfw/module';
import { ocr } from './ocr/module';
import { offsetX, offsetY } from './offset/module';
import type { PipelineModule } from './pipeline-module';
import { point } from './point/module';
import { retiler } from './retiler/module';
import type { SequenceModule } from './sequence-module';
import { socialFeed } from './social-feed/module';
import { staticCount } from './static-count/module';
import { staticCrop } from './static-crop/module';
import { staticFocus } from './static-focus/module';
import type { TypeModule } from './type-module';
import { videoSegmentation } from './video-segmentation/module';

/** The module each kind of type the service runs has (src/api/application-types/manifest.ts, ApplicationKind). */
interface ModuleOfKind {
  labellable: TypeModule;
  pipeline: PipelineModule;
  frame_comparison: FrameComparisonModule;
  sequence: SequenceModule;
  capture: CaptureModule;
}
export type RunKind = keyof ModuleOfKind & ApplicationKind;

/** Each type's module, of the type's kind: a type without its module, or with one of another kind, is a type error. */
export type ServiceModules = { readonly [T in ApplicationType]: ModuleOfKind[(typeof APPLICATION_TYPE_KINDS)[T]] };

/** Every type's module: the only list of the service's type modules. A new type adds its module and one line here. */
const SERVICE_MODULES: ServiceModules = {
  classification,
  detection_fullframe: detectionFullframe,
  box_detection: boxDetection,
  static_count: staticCount,
  offset_x: offsetX,
  offset_y: offsetY,
  point,
  ocr,
  motion,
  network_camera: networkCamera,
  social_feed: socialFeed,
  video_segmentation: videoSegmentation,
  static_crop: staticCrop,
  dynamic_tracking: dynamicTracking,
  line_crossing: lineCrossing,
  retiler,
  static_focus: staticFocus,
  nsfw,
};

/** One module for every type of the kind. */
type Registry<K extends RunKind> = { readonly [T in TypesOfKind<K>]: ModuleOfKind[K] };
type Registries = { readonly [K in RunKind]: Registry<K> };

/** The modules of each kind, drawn from SERVICE_MODULES by the types' kinds. */
export const REGISTRIES = Object.fromEntries(
  [...new Set(Object.values(APPLICATION_TYPE_KINDS))].map((kind) => [kind, Object.fromEntries(Object.entries(SERVICE_MODULES).filter(([type]) => kindOf(type) === kind))]),
) as Registries;

/** The module of a type of the kind; undefined for a type of another kind. */
function findModuleOfKind<K extends RunKind>(kind: K, type: string): ModuleOfKind[K] | undefined {
  return kindOf(type) === kind ? (SERVICE_MODULES[type as ApplicationType] as ModuleOfKind[K]) : undefined;
}

/** The module of a type known to be of the kind. */
export function moduleOfKind<K extends RunKind>(kind: K, type: string): ModuleOfKind[K] {
  const module = findModuleOfKind(kind, type);
  if (!module) throw new RangeError(`The service has no ${kind} module for the application type ${type}.`);
  return module;
}

/**
 * Every labellable type's module, in the order of LABELLABLE_TYPES, which is the demo's: a demo application's scenes
 * are seeded by its type's place there.
 */
export const TYPE_MODULES: readonly TypeModule[] = LABELLABLE_TYPES.map((type) => SERVICE_MODULES[type]);

/** A type the demo seeds and feeds: a standard labellable type (the demo runs with the service's defaults, which refuse the others). */
export type DemoLabellableType = Extract<LabellableType, (typeof STANDARD_APPLICATION_TYPES)[number]>;

const isDemoType = (type: LabellableType): type is DemoLabellableType => (STANDARD_APPLICATION_TYPES as readonly string[]).includes(type);

/** The demo's types, in the order by which it seeds their scenes. */
export const DEMO_TYPES: readonly DemoLabellableType[] = LABELLABLE_TYPES.filter(isDemoType);

/** The demo of a type the demo runs. */
export function demoOf(type: DemoLabellableType): DemoType {
  const { demo } = moduleOf(type);
  if (!demo) throw new RangeError(`The type module of ${type} has no demo.`);
  return demo;
}

/** The module of a type; undefined for types the service takes no feedback on and has no model for. */
export const typeModule = (type: string): TypeModule | undefined => findModuleOfKind('labellable', type);

export const isImplemented = (type: string): type is LabellableType => typeModule(type) !== undefined;

/** The module of a type known to be implemented. */
export const moduleOf = (type: LabellableType): TypeModule => moduleOfKind('labellable', type);

/** The capture module of a type; undefined for a type of another kind. */
export const captureModule = (type: string): CaptureModule | undefined => findModuleOfKind('capture', type);

import { boxDetectionManifest } from './box-detection';
import { classificationManifest } from './classification';
import { detectionFullframeManifest } from './detection-fullframe';
import { dynamicTrackingManifest } from './dynamic-tracking';
import { lineCrossingManifest } from './line-crossing';
import type { ApplicationKind, TypeManifest } from './manifest';
import { motionManifest } from './motion';
import { networkCameraManifest } from './network-camera';
import { nsfwManifest } from './nsfw';
import { ocrManifest } from './ocr';
import { offsetXManifest } from './offset-x';
import { offsetYManifest } from './offset-y';
import { pointManifest } from './point';
import { retilerManifest } from './retiler';
import { socialFeedManifest } from './social-feed';
import { staticCountManifest } from './static-count';
import { staticCropManifest } from './static-crop';
import { staticFocusManifest } from './static-focus';
import { videoSegmentationManifest } from './video-segmentation';

/**
 * Every application type of the interface by its manifest: the one list of types, from which the type names, their
 * kinds and which are standard derive below (src/api/types.ts passes them on). The order is the interface's (standard
 * types, then those by special arrangement) and the demo's: it seeds a type's scenes by its place. A new type is its
 * manifest and a line here.
 */
export const TYPE_MANIFESTS = {
  classification: classificationManifest,
  detection_fullframe: detectionFullframeManifest,
  box_detection: boxDetectionManifest,
  static_count: staticCountManifest,
  offset_x: offsetXManifest,
  offset_y: offsetYManifest,
  point: pointManifest,
  ocr: ocrManifest,
  motion: motionManifest,
  network_camera: networkCameraManifest,
  social_feed: socialFeedManifest,
  video_segmentation: videoSegmentationManifest,
  static_crop: staticCropManifest,
  dynamic_tracking: dynamicTrackingManifest,
  line_crossing: lineCrossingManifest,
  retiler: retilerManifest,
  static_focus: staticFocusManifest,
  nsfw: nsfwManifest,
} as const satisfies Readonly<Record<string, TypeManifest>>;

type Manifests = typeof TYPE_MANIFESTS;

export type ApplicationType = keyof Manifests;

/** Every application type with its kind (./manifest.ts says what each kind is), in the manifests' order. */
export const APPLICATION_TYPE_KINDS = Object.fromEntries(Object.entries(TYPE_MANIFESTS).map(([type, manifest]) => [type, manifest.kind])) as {
  readonly [T in ApplicationType]: Manifests[T]['kind'];
};

/** The types of one kind, e.g. `TypesOfKind<'sequence'>` is `'dynamic_tracking' | 'line_crossing'`. */
export type TypesOfKind<K extends ApplicationKind> = { [T in ApplicationType]: Manifests[T]['kind'] extends K ? T : never }[ApplicationType];

const ALL_TYPES = Object.keys(TYPE_MANIFESTS) as ApplicationType[];

/** The manifest of a type; undefined for a string that names no type. */
export const manifestOf = (type: string): TypeManifest | undefined =>
  Object.hasOwn(TYPE_MANIFESTS, type) ? TYPE_MANIFESTS[type as ApplicationType] : undefined;

/** The kind of a type; undefined for a string that names no type. */
export const kindOf = (type: string): ApplicationKind | undefined => manifestOf(type)?.kind;

/** Whether an application of the type reads media of input subjects: a capture type brings its images in itself. */
export const takesInputSubjects = (type: string): boolean => kindOf(type) !== 'capture';

/** The types of one kind, in the manifests' order. */
const typesOfKind = <K extends ApplicationKind>(kind: K) =>
  ALL_TYPES.filter((type): type is TypesOfKind<K> => TYPE_MANIFESTS[type].kind === kind);

export const LABELLABLE_TYPES = typesOfKind('labellable');
export type LabellableType = TypesOfKind<'labellable'>;

export type PipelineType = TypesOfKind<'pipeline'>;
export type FrameComparisonType = TypesOfKind<'frame_comparison'>;
export type SequenceType = TypesOfKind<'sequence'>;
export type CaptureType = TypesOfKind<'capture'>;

/** The types whose manifest says they are offered only by special arrangement (the interface's second table). */
type SpecialApplicationType = { [T in ApplicationType]: Manifests[T] extends { special: true } ? T : never }[ApplicationType];
const isSpecial = (type: ApplicationType): type is SpecialApplicationType => 'special' in TYPE_MANIFESTS[type];

/** Types offered only by special arrangement; every other type is standard. */
export const SPECIAL_APPLICATION_TYPES: readonly SpecialApplicationType[] = ALL_TYPES.filter(isSpecial);

export const STANDARD_APPLICATION_TYPES = ALL_TYPES.filter((type): type is Exclude<ApplicationType, SpecialApplicationType> => !isSpecial(type));

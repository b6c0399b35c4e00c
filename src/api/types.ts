// The primitives of the Vision Application Service interface, shared by the app and the local service: the type
// lists, coordinates and envelopes that every schema builds on. Field names follow
// ../shared/spec/vision-service-interface.md; gaps are filled as ../shared/spec/decisions.md says. Bodies are zod
// schemas under ./schemas and ./application-types, with their types inferred there; this file imports none of them.

export type UnixSeconds = number;

export interface ListResponse<T> {
  data: T[];
}

export interface PagedResponse<T> extends ListResponse<T> {
  paging: { next?: string };
}

// Application types

/**
 * Every application type of the interface with its kind, the one place that says it. The order is the interface's
 * (standard types, then those by special arrangement) and the demo's: it seeds a type's scenes by its place.
 *
 * - `labellable`: people give feedback on it, and the service has a baseline model for it.
 * - `frame_comparison`: its model looks at a media item together with the media before it on the same subject (a
 *   camera's earlier frames) and asserts what it finds for its output subjects; no feedback, no model to release.
 * - `pipeline`: a step of the pipeline that makes new media for its output subjects from the media of its input
 *   subjects; no feedback.
 * - `sequence`: runs over the frames of a video in order, reads what the application upstream asserted on the frames
 *   so far and asserts its own result on the newest (tracks, line counts); no feedback.
 * - `capture`: brings images in from outside (a network camera's frames, a feed's images) on a schedule of its own, as
 *   media of its output subjects; takes no media in and no feedback.
 */
export const APPLICATION_TYPE_KINDS = {
  classification: 'labellable',
  detection_fullframe: 'labellable',
  box_detection: 'labellable',
  static_count: 'labellable',
  offset_x: 'labellable',
  offset_y: 'labellable',
  point: 'labellable',
  ocr: 'labellable',
  motion: 'frame_comparison',
  network_camera: 'capture',
  social_feed: 'capture',
  video_segmentation: 'pipeline',
  static_crop: 'pipeline',
  dynamic_tracking: 'sequence',
  line_crossing: 'sequence',
  retiler: 'pipeline',
  static_focus: 'pipeline',
  nsfw: 'labellable',
} as const;

export type ApplicationType = keyof typeof APPLICATION_TYPE_KINDS;
export type ApplicationKind = (typeof APPLICATION_TYPE_KINDS)[ApplicationType];
/** The types of one kind, e.g. `TypesOfKind<'sequence'>` is `'dynamic_tracking' | 'line_crossing'`. */
export type TypesOfKind<K extends ApplicationKind> = { [T in ApplicationType]: (typeof APPLICATION_TYPE_KINDS)[T] extends K ? T : never }[ApplicationType];

const ALL_TYPES = Object.keys(APPLICATION_TYPE_KINDS) as ApplicationType[];

/** The kind of a type; undefined for a string that names no type. */
export const kindOf = (type: string): ApplicationKind | undefined =>
  Object.hasOwn(APPLICATION_TYPE_KINDS, type) ? APPLICATION_TYPE_KINDS[type as ApplicationType] : undefined;

/** Whether an application of the type reads media of input subjects: a capture type brings its images in itself. */
export const takesInputSubjects = (type: string): boolean => kindOf(type) !== 'capture';

/** The types of one kind, in the order of APPLICATION_TYPE_KINDS. */
const typesOfKind = <K extends ApplicationKind>(kind: K) =>
  ALL_TYPES.filter((type): type is TypesOfKind<K> => APPLICATION_TYPE_KINDS[type] === kind);

export const LABELLABLE_TYPES = typesOfKind('labellable');
export type LabellableType = TypesOfKind<'labellable'>;

export type PipelineType = TypesOfKind<'pipeline'>;
export type FrameComparisonType = TypesOfKind<'frame_comparison'>;
export type SequenceType = TypesOfKind<'sequence'>;
export type CaptureType = TypesOfKind<'capture'>;

/** Types offered only by special arrangement (the interface's second table); every other type is standard. */
export const SPECIAL_APPLICATION_TYPES = ['dynamic_tracking', 'line_crossing', 'retiler', 'static_focus', 'nsfw'] as const satisfies readonly ApplicationType[];
type SpecialApplicationType = (typeof SPECIAL_APPLICATION_TYPES)[number];

export const STANDARD_APPLICATION_TYPES = ALL_TYPES.filter(
  (type): type is Exclude<ApplicationType, SpecialApplicationType> => !(SPECIAL_APPLICATION_TYPES as readonly string[]).includes(type),
);

export const RELEASE_METRICS = ['best_recall', 'best_precision', 'best_F1'] as const;
export type ReleaseMetric = (typeof RELEASE_METRICS)[number];

/** The kinds of measures models are judged by on held-out answers: one shape each in src/api/schemas/measures.ts. */
export type MeasureKind = 'boxes' | 'points' | 'counts' | 'offsets' | 'classes' | 'texts';

// Media coordinates and app_data formats (decisions.md): integer pixels of the media, origin top-left.

export interface BoxCoords {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Focus {
  box: BoxCoords;
}

/** The app_data formats; each one's shape is the rule of its application type (./application-types). */
export const APP_DATA_TYPES = ['box_set', 'count', 'offset_x', 'offset_y', 'point', 'text', 'track_set', 'line_counts'] as const;
export type AppDataType = (typeof APP_DATA_TYPES)[number];

// Errors

export interface FieldError {
  field: string;
  message: string;
}

export interface ErrorBody {
  message: string;
  errors?: FieldError[];
}

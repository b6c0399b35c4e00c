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

export const LABELLABLE_TYPES = [
  'classification',
  'detection_fullframe',
  'box_detection',
  'static_count',
  'offset_x',
  'offset_y',
  'point',
  'ocr',
] as const;
export type LabellableType = (typeof LABELLABLE_TYPES)[number];

/**
 * Types the service runs as a step of the pipeline: each makes new media for its output subjects from the media of
 * its input subjects, and takes no feedback.
 */
export const PIPELINE_TYPES = ['video_segmentation', 'static_crop'] as const;
export type PipelineType = (typeof PIPELINE_TYPES)[number];

/**
 * Types whose model looks at a media item together with the media before it on the same subject (a camera's earlier
 * frames), and asserts what it finds for its output subjects; they take no feedback and have no model to release.
 */
export const FRAME_COMPARISON_TYPES = ['motion'] as const;
export type FrameComparisonType = (typeof FRAME_COMPARISON_TYPES)[number];

export const STANDARD_APPLICATION_TYPES = [
  ...LABELLABLE_TYPES,
  ...FRAME_COMPARISON_TYPES,
  'network_camera',
  'social_feed',
  ...PIPELINE_TYPES,
] as const;

/**
 * Types the service runs over the frames of a video in order: each reads what the application upstream asserted on
 * the frames so far and asserts its own result on the newest (tracks, line counts), and takes no feedback.
 */
export const SEQUENCE_TYPES = ['dynamic_tracking', 'line_crossing'] as const;
export type SequenceType = (typeof SEQUENCE_TYPES)[number];

export const SPECIAL_APPLICATION_TYPES = [
  ...SEQUENCE_TYPES,
  'retiler',
  'static_focus',
  'nsfw',
] as const;

export type ApplicationType =
  | (typeof STANDARD_APPLICATION_TYPES)[number]
  | (typeof SPECIAL_APPLICATION_TYPES)[number];

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

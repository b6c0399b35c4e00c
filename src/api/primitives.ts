// The primitives of the Vision Application Service interface, shared by the app and the local service: the
// coordinates, envelopes, app_data formats and errors that every schema and every type's manifest build on. Field
// names follow ../shared/spec/vision-service-interface.md; gaps are filled as ../shared/spec/decisions.md says. This
// file imports nothing: the type manifests (./application-types) stand on it, and ./types.ts derives the type lists
// from them.

export type UnixSeconds = number;

export interface ListResponse<T> {
  data: T[];
}

export interface PagedResponse<T> extends ListResponse<T> {
  paging: { next?: string };
}

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

// What every schema builds on, for one import: the primitives of the interface (./primitives.ts) and the application
// types, their kinds and tables, derived from the types' manifests (./application-types/registry.ts).
export type { AppDataType, BoxCoords, ErrorBody, FieldError, Focus, ListResponse, MeasureKind, PagedResponse, ReleaseMetric, UnixSeconds } from './primitives';
export { APP_DATA_TYPES, RELEASE_METRICS } from './primitives';
export type { ApplicationKind } from './application-types/manifest';
export type { ApplicationType, CaptureType, FrameComparisonType, LabellableType, PipelineType, SequenceType, TypesOfKind } from './application-types/registry';
export {
  APPLICATION_TYPE_KINDS,
  kindOf,
  LABELLABLE_TYPES,
  SPECIAL_APPLICATION_TYPES,
  STANDARD_APPLICATION_TYPES,
  takesInputSubjects,
} from './application-types/registry';

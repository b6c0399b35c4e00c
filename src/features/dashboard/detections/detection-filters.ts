import type { DetectionsQuery } from '../../../api/schemas/detections';

export type SourceFilter = 'all' | 'user' | 'model';

/** The detections browser's filters; every one of them lives in the URL so that a view can be shared. */
export interface DetectionFilters {
  /** Unix seconds. */
  start?: number;
  end?: number;
  probabilityLower?: number;
  probabilityUpper?: number;
  newestFirst: boolean;
  withoutConsensus: boolean;
  source: SourceFilter;
  /** With the model source: an older model's version (0: the baseline); unset means the current model. */
  modelVersion?: number;
}

const DETECTIONS_PAGE_SIZE = 60;

const SOURCES: readonly SourceFilter[] = ['all', 'user', 'model'];

function readNumber(params: URLSearchParams, name: string, min: number, max: number): number | undefined {
  const raw = params.get(name);
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) && value >= min && value <= max ? value : undefined;
}

function readWholeNumber(params: URLSearchParams, name: string): number | undefined {
  const value = readNumber(params, name, 0, Number.MAX_SAFE_INTEGER);
  return value !== undefined && Number.isInteger(value) ? value : undefined;
}

/** Reads the filters from search params, ignoring anything malformed rather than failing the page. */
export function filtersFromParams(params: URLSearchParams): DetectionFilters {
  const source = params.get('source');
  return {
    start: readNumber(params, 'start', 0, Number.MAX_SAFE_INTEGER),
    end: readNumber(params, 'end', 0, Number.MAX_SAFE_INTEGER),
    probabilityLower: readNumber(params, 'probability_lower', 0, 1),
    probabilityUpper: readNumber(params, 'probability_upper', 0, 1),
    newestFirst: params.get('reverse') === 'true',
    withoutConsensus: params.get('consensus_none') === 'true',
    source: SOURCES.find((candidate) => candidate === source) ?? 'all',
    modelVersion: source === 'model' ? readWholeNumber(params, 'model_version') : undefined,
  };
}

/** The shortest search params for the filters: defaults are left out. */
export function paramsFromFilters(filters: DetectionFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.start !== undefined) params.set('start', String(filters.start));
  if (filters.end !== undefined) params.set('end', String(filters.end));
  if (filters.probabilityLower !== undefined) params.set('probability_lower', String(filters.probabilityLower));
  if (filters.probabilityUpper !== undefined) params.set('probability_upper', String(filters.probabilityUpper));
  if (filters.newestFirst) params.set('reverse', 'true');
  if (filters.withoutConsensus) params.set('consensus_none', 'true');
  if (filters.source !== 'all') params.set('source', filters.source);
  if (filters.source === 'model' && filters.modelVersion !== undefined) params.set('model_version', String(filters.modelVersion));
  return params;
}

/**
 * The service query; the source choice makes only_user and only_model exclusive by construction. The model source
 * means the current model's proposals, or the chosen version's.
 */
export function queryFromFilters(filters: DetectionFilters, limit = DETECTIONS_PAGE_SIZE): DetectionsQuery {
  const query: DetectionsQuery = { limit };
  if (filters.start !== undefined) query.start = filters.start;
  if (filters.end !== undefined) query.end = filters.end;
  if (filters.probabilityLower !== undefined) query.probability_lower = filters.probabilityLower;
  if (filters.probabilityUpper !== undefined) query.probability_upper = filters.probabilityUpper;
  if (filters.newestFirst) query.reverse = true;
  if (filters.withoutConsensus) query.consensus_none = true;
  if (filters.source === 'user') query.only_user = true;
  if (filters.source === 'model') query.only_model = true;
  if (filters.source === 'model' && filters.modelVersion !== undefined) query.model_version = filters.modelVersion;
  return query;
}

/** `datetime-local` input value (local time) ↔ Unix seconds. */
export function toDateTimeLocal(seconds: number | undefined): string {
  if (seconds === undefined) return '';
  const date = new Date(seconds * 1000);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

export function fromDateTimeLocal(value: string): number | undefined {
  if (!value) return undefined;
  const time = new Date(value).getTime();
  return Number.isFinite(time) ? Math.floor(time / 1000) : undefined;
}

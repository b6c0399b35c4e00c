import type { StatsBucket } from '../../api/schemas/application';
import type { AnswerBucket } from '../../api/schemas/feedback-history';
import type { DetectionsQuery } from '../../api/schemas/detections';
import type { LabellerScope } from '../../api/endpoints/labellers';
import type { TimelineBucket } from '../../api/schemas/labellers';

// From general to specific; the tenant id keeps one tenant's cache apart from another's.
export const applicationKeys = {
  all: ['applications'] as const,
  list: (tenantId: string) => [...applicationKeys.all, 'list', { tenantId }] as const,
  detail: (appId: string) => [...applicationKeys.all, 'detail', appId] as const,
  pending: (appId: string) => [...applicationKeys.detail(appId), 'pending'] as const,
  stats: (appId: string, bucket: StatsBucket) => [...applicationKeys.detail(appId), 'stats', { bucket }] as const,
  detections: (appId: string, query: DetectionsQuery) => [...applicationKeys.detail(appId), 'detections', query] as const,
  export: (appId: string, exportId: string) => [...applicationKeys.detail(appId), 'exports', exportId] as const,
  import: (appId: string, importId: string) => [...applicationKeys.detail(appId), 'imports', importId] as const,
  answers: (appId: string, bucket: AnswerBucket) => [...applicationKeys.detail(appId), 'answers', { bucket }] as const,
  capture: (appId: string) => [...applicationKeys.detail(appId), 'capture'] as const,
};

/** An application's review queue and consensus: under the application, so that its invalidation reaches them. */
export const reviewKeys = {
  all: (appId: string) => [...applicationKeys.detail(appId), 'reviews'] as const,
  queue: (appId: string) => [...reviewKeys.all(appId), 'queue'] as const,
  count: (appId: string) => [...reviewKeys.all(appId), 'count'] as const,
  history: (appId: string) => [...reviewKeys.all(appId), 'history'] as const,
};

/** An application's gold items (for its managers): under the application, so that its invalidation reaches them. */
export const goldKeys = {
  all: (appId: string) => [...applicationKeys.detail(appId), 'gold'] as const,
  count: (appId: string) => [...goldKeys.all(appId), 'count'] as const,
  ofMedia: (appId: string, mediaIds: readonly string[]) => [...goldKeys.all(appId), 'media', { mediaIds }] as const,
};

export const subjectKeys = {
  all: ['subjects'] as const,
  list: (tenantId: string) => [...subjectKeys.all, 'list', { tenantId }] as const,
  media: (subjectUid: string) => [...subjectKeys.all, 'media', subjectUid] as const,
};

export const mediaKeys = {
  all: ['media'] as const,
  detail: (mediaId: string) => [...mediaKeys.all, mediaId] as const,
  detections: (mediaId: string) => [...mediaKeys.detail(mediaId), 'detections'] as const,
  subjects: (mediaId: string) => [...mediaKeys.detail(mediaId), 'subjects'] as const,
  objects: (mediaId: string) => [...mediaKeys.detail(mediaId), 'objects'] as const,
  frames: (mediaId: string) => [...mediaKeys.detail(mediaId), 'frames'] as const,
};

/** What an application's model predicts: "find more like these" runs it on a media item with exemplars (a mutation). */
export const predictionKeys = {
  exemplars: (appId: string) => [...applicationKeys.detail(appId), 'predict', 'exemplars'] as const,
};

/** Labeller analytics, of one application (under it) or of a tenant; `days` is the window, ending now. */
export const labellerKeys = {
  all: (scope: LabellerScope) =>
    'appId' in scope ? ([...applicationKeys.detail(scope.appId), 'labellers'] as const) : (['tenants', scope.tenantId, 'labellers'] as const),
  figures: (scope: LabellerScope, days: number) => [...labellerKeys.all(scope), 'figures', { days }] as const,
  timeline: (scope: LabellerScope, days: number, bucket: TimelineBucket) => [...labellerKeys.all(scope), 'timeline', { days, bucket }] as const,
  answers: (appId: string, userId: string) => [...labellerKeys.all({ appId }), 'answers', userId] as const,
};

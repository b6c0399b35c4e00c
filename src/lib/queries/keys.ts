import type { StatsBucket } from '../../api/endpoints/applications';
import type { DetectionsQuery } from '../../api/types';

// From general to specific; the tenant id keeps one tenant's cache apart from another's.
export const applicationKeys = {
  all: ['applications'] as const,
  list: (tenantId: string) => [...applicationKeys.all, 'list', { tenantId }] as const,
  detail: (appId: string) => [...applicationKeys.all, 'detail', appId] as const,
  pending: (appId: string) => [...applicationKeys.detail(appId), 'pending'] as const,
  stats: (appId: string, bucket: StatsBucket) => [...applicationKeys.detail(appId), 'stats', { bucket }] as const,
  detections: (appId: string, query: DetectionsQuery) => [...applicationKeys.detail(appId), 'detections', query] as const,
  export: (appId: string, exportId: string) => [...applicationKeys.detail(appId), 'exports', exportId] as const,
};

export const subjectKeys = {
  all: ['subjects'] as const,
  list: (tenantId: string) => [...subjectKeys.all, 'list', { tenantId }] as const,
};

export const mediaKeys = {
  all: ['media'] as const,
  detail: (mediaId: string) => [...mediaKeys.all, mediaId] as const,
  detections: (mediaId: string) => [...mediaKeys.detail(mediaId), 'detections'] as const,
  subjects: (mediaId: string) => [...mediaKeys.detail(mediaId), 'subjects'] as const,
};

export const gatewayKeys = {
  all: ['gateways'] as const,
  list: (tenantId: string) => [...gatewayKeys.all, 'list', { tenantId }] as const,
  detail: (gatewayId: string) => [...gatewayKeys.all, 'detail', gatewayId] as const,
};

export const tenantInviteKeys = {
  all: ['tenant-invites'] as const,
  list: (tenantId: string) => [...tenantInviteKeys.all, { tenantId }] as const,
};

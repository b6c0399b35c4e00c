import { queryOptions } from '@tanstack/react-query';
import { getApplication } from '../../../api/endpoints/applications';
import { getPendingCount } from '../../../api/endpoints/feedback';
import { getMedia, getMediaDetections } from '../../../api/endpoints/media';
import { listSubjects } from '../../../api/endpoints/subjects';
import { getApiClient } from '../../../lib/api-client';

export const PENDING_POLL_MS = 15_000;

/** Query keys of the labelling workspace, general to specific. */
export const labellingKeys = {
  application: (appId: string) => ['applications', 'detail', appId] as const,
  pending: (appId: string) => ['applications', 'pending', appId] as const,
  subjects: (tenantId: string) => ['subjects', 'list', { tenantId }] as const,
  media: (mediaId: string) => ['media', 'detail', mediaId] as const,
  mediaDetections: (mediaId: string) => ['media', 'detections', mediaId] as const,
};

export const applicationQuery = (appId: string) =>
  queryOptions({ queryKey: labellingKeys.application(appId), queryFn: () => getApplication(getApiClient(), appId) });

export const pendingCountQuery = (appId: string) =>
  queryOptions({
    queryKey: labellingKeys.pending(appId),
    queryFn: () => getPendingCount(getApiClient(), appId),
    refetchInterval: PENDING_POLL_MS,
    staleTime: 0,
  });

export const subjectsQuery = (tenantId: string) =>
  queryOptions({ queryKey: labellingKeys.subjects(tenantId), queryFn: async () => (await listSubjects(getApiClient())).data });

export const mediaQuery = (mediaId: string) =>
  queryOptions({ queryKey: labellingKeys.media(mediaId), queryFn: () => getMedia(getApiClient(), mediaId), staleTime: 0 });

export const mediaDetectionsQuery = (mediaId: string) =>
  queryOptions({
    queryKey: labellingKeys.mediaDetections(mediaId),
    queryFn: async () => (await getMediaDetections(getApiClient(), mediaId)).detections,
    staleTime: 0,
  });

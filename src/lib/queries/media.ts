import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMedia, getMediaDetections, getMediaObjects, getMediaSubjects } from '../../api/endpoints/media';
import { getApiClient } from '../api-client';
import { mediaKeys } from './keys';

export const mediaQueryOptions = (mediaId: string) =>
  queryOptions({ queryKey: mediaKeys.detail(mediaId), queryFn: () => getMedia(getApiClient(), mediaId), staleTime: 0 });

export const mediaDetectionsQueryOptions = (mediaId: string) =>
  queryOptions({
    queryKey: mediaKeys.detections(mediaId),
    queryFn: async () => (await getMediaDetections(getApiClient(), mediaId)).detections,
    staleTime: 0,
  });

const mediaSubjectsQueryOptions = (mediaId: string) =>
  queryOptions({
    queryKey: mediaKeys.subjects(mediaId),
    queryFn: async () => (await getMediaSubjects(getApiClient(), mediaId)).data,
  });

/**
 * What the service's detector finds in a media item (any class), for click-to-box. It never changes, so it is
 * fetched once per media; a failure (offline, a busy detector) is not retried: the click falls back to GrabCut.
 */
export const mediaObjectsQueryOptions = (mediaId: string) =>
  queryOptions({
    queryKey: mediaKeys.objects(mediaId),
    queryFn: async ({ signal }) => (await getMediaObjects(getApiClient(), mediaId, signal)).objects,
    staleTime: Infinity,
    retry: false,
  });

export const useMedia = (mediaId: string) => useQuery(mediaQueryOptions(mediaId));
export const useMediaDetections = (mediaId: string) => useQuery(mediaDetectionsQueryOptions(mediaId));
export const useMediaSubjects = (mediaId: string) => useQuery(mediaSubjectsQueryOptions(mediaId));

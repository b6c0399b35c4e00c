import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { listApplicationDetections, listNextDetections } from '../../../api/endpoints/detections';
import type { DetectionsQuery } from '../../../api/schemas/detections';
import { getApiClient } from '../../../lib/api-client';
import { applicationKeys } from '../../../lib/queries/keys';

/** Page after page through `paging.next`; the first page is built from the query. */
const detectionsQueryOptions = (appId: string, query: DetectionsQuery) =>
  infiniteQueryOptions({
    queryKey: applicationKeys.detections(appId, query),
    queryFn: ({ pageParam }) =>
      pageParam ? listNextDetections(getApiClient(), pageParam) : listApplicationDetections(getApiClient(), appId, query),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.paging.next ?? null,
  });

export const useDetections = (appId: string, query: DetectionsQuery) => useInfiniteQuery(detectionsQueryOptions(appId, query));

import { queryOptions, useQuery } from '@tanstack/react-query';
import { getApplication } from '../../api/endpoints/applications';
import { getPendingCount } from '../../api/endpoints/feedback';
import { getApiClient } from '../api-client';
import { applicationKeys } from './keys';

export const applicationQueryOptions = (appId: string) =>
  queryOptions({ queryKey: applicationKeys.detail(appId), queryFn: () => getApplication(getApiClient(), appId) });

/** How often the waiting and leased counts are asked again while a queue is open. */
const PENDING_POLL_MS = 15_000;

export const pendingCountQueryOptions = (appId: string) =>
  queryOptions({
    queryKey: applicationKeys.pending(appId),
    queryFn: () => getPendingCount(getApiClient(), appId),
    refetchInterval: PENDING_POLL_MS,
    staleTime: 0,
  });

export const useApplication = (appId: string) => useQuery(applicationQueryOptions(appId));

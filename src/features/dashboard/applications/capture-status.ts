import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCaptureStatus } from '../../../api/endpoints/applications';
import { getApiClient } from '../../../lib/api-client';
import { applicationKeys } from '../../../lib/queries/keys';

/** How often the page asks again: a camera may store a frame each second. */
const CAPTURE_POLL_MS = 2000;

const captureStatusQueryOptions = (appId: string) =>
  queryOptions({
    queryKey: applicationKeys.capture(appId),
    queryFn: () => getCaptureStatus(getApiClient(), appId),
    refetchInterval: CAPTURE_POLL_MS,
  });

export const useCaptureStatus = (appId: string) => useQuery(captureStatusQueryOptions(appId));

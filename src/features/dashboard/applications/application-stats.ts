import { queryOptions, useQuery } from '@tanstack/react-query';
import { getApplicationStats } from '../../../api/endpoints/applications';
import type { StatsBucket } from '../../../api/schemas/application';
import { getApiClient } from '../../../lib/api-client';
import { applicationKeys } from '../../../lib/queries/keys';

const applicationStatsQueryOptions = (appId: string, bucket: StatsBucket) =>
  queryOptions({
    queryKey: applicationKeys.stats(appId, bucket),
    queryFn: () => getApplicationStats(getApiClient(), appId, bucket),
  });

export const useApplicationStats = (appId: string, bucket: StatsBucket) =>
  useQuery(applicationStatsQueryOptions(appId, bucket));

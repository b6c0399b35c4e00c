import { queryOptions, useQuery } from '@tanstack/react-query';
import { getApplication } from '../../../api/endpoints/applications';
import { getApiClient } from '../../../lib/api-client';
import { applicationKeys } from './keys';

export const applicationQueryOptions = (appId: string) =>
  queryOptions({ queryKey: applicationKeys.detail(appId), queryFn: () => getApplication(getApiClient(), appId) });

export const useApplication = (appId: string) => useQuery(applicationQueryOptions(appId));

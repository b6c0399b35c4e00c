import { queryOptions } from '@tanstack/react-query';
import { getVersion } from '../../../api/endpoints/identity';
import { getApiClient } from '../../../lib/api-client';

export const serviceVersionQueryOptions = () =>
  queryOptions({
    queryKey: ['service-version'],
    queryFn: () => getVersion(getApiClient()),
    staleTime: Infinity,
  });

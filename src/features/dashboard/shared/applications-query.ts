import { queryOptions, useQuery } from '@tanstack/react-query';
import { listApplications } from '../../../api/endpoints/applications';
import { getApiClient } from '../../../lib/api-client';
import { applicationKeys } from '../../../lib/queries/keys';

export const applicationsQueryOptions = (tenantId: string) =>
  queryOptions({
    queryKey: applicationKeys.list(tenantId),
    queryFn: async () => (await listApplications(getApiClient())).data,
  });

export const useApplications = (tenantId: string) => useQuery(applicationsQueryOptions(tenantId));

import { queryOptions } from '@tanstack/react-query';
import { getTenant, listTenantUsers } from '../../api/endpoints/identity';
import { getApiClient } from '../api-client';

// The token decides the tenant ("current"); the id keeps one tenant's cache apart from another's.
export const tenantKeys = {
  all: ['tenant'] as const,
  detail: (tenantId: string) => [...tenantKeys.all, tenantId, 'detail'] as const,
  members: (tenantId: string) => [...tenantKeys.all, tenantId, 'members'] as const,
};

export const tenantQueryOptions = (tenantId: string) =>
  queryOptions({ queryKey: tenantKeys.detail(tenantId), queryFn: () => getTenant(getApiClient()) });

export const tenantMembersQueryOptions = (tenantId: string) =>
  queryOptions({
    queryKey: tenantKeys.members(tenantId),
    queryFn: async () => (await listTenantUsers(getApiClient())).data,
  });

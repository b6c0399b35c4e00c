import { queryOptions } from '@tanstack/react-query';
import type { BasicCredentials } from '../../api/client';
import { listUserTenants } from '../../api/endpoints/identity';
import { getApiClient } from '../api-client';

export const userTenantKeys = {
  all: ['user-tenants'] as const,
  list: (email: string) => [...userTenantKeys.all, 'list', { email }] as const,
};

/** The tenants of the person signing in. The password is read at fetch time and never enters the key. */
export const userTenantsQueryOptions = (credentials: BasicCredentials) =>
  queryOptions({
    queryKey: userTenantKeys.list(credentials.email),
    queryFn: async () => (await listUserTenants(getApiClient(), credentials)).tenants,
  });

import type { BasicCredentials } from '../../../api/client';
import { getToken } from '../../../api/endpoints/identity';
import { getApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { userTenantsQueryOptions } from '../../../lib/session/user-tenants';
import { forgetCredentials, rememberCredentials } from '../../../lib/session/pending-credentials';
import { getSession, setSession } from '../../../lib/session/session-store';

export type SignInOutcome = { kind: 'entered'; tenantId: string } | { kind: 'choose-tenant' };

/** Asks for a token for one tenant and makes it the session; data cached for another tenant is dropped. */
export async function enterTenant(credentials: BasicCredentials, tenantId: string): Promise<string> {
  const token = await getToken(getApiClient(), credentials, tenantId);
  if (getSession()?.tenantId !== token.tenant_id) queryClient.clear();
  setSession(token);
  forgetCredentials();
  return token.tenant_id;
}

/** Checks the credentials against the service (always afresh) and returns the person's tenants. */
export function fetchUserTenants(credentials: BasicCredentials) {
  return queryClient.fetchQuery({ ...userTenantsQueryOptions(credentials), staleTime: 0, retry: false });
}

/** A person with one tenant goes straight in; with several, the password is kept in memory for the picker. */
export async function signIn(credentials: BasicCredentials): Promise<SignInOutcome> {
  const tenants = await fetchUserTenants(credentials);
  const only = tenants.length === 1 ? tenants[0] : undefined;
  if (only) return { kind: 'entered', tenantId: await enterTenant(credentials, only.tenant_id) };
  rememberCredentials(credentials);
  return { kind: 'choose-tenant' };
}

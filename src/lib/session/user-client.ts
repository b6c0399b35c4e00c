import { createApiClient, type ApiClient } from '../../api/client';
import { getToken } from '../../api/endpoints/identity';
import { getApiClient } from '../api-client';
import { queryClient } from '../query-client';
import { userTenantsQueryOptions } from './user-tenants';
import { getPendingCredentials } from './pending-credentials';
import { getSession } from './session-store';

class SignInRequiredError extends Error {
  constructor() {
    super('Sign in to continue.');
    this.name = 'SignInRequiredError';
  }
}

/** The email of whoever is using the app: signed in, or half-way through choosing a tenant. */
export function currentUserEmail(): string | null {
  return getSession()?.email ?? getPendingCredentials()?.email ?? null;
}

/**
 * Runs a call about the person rather than a tenant (their invites, for example). Signed in, it uses the session;
 * on the tenant picker, where there is no token yet, it gets a short-lived token for their first tenant.
 */
export async function withUserClient<T>(call: (client: ApiClient) => Promise<T>): Promise<T> {
  const appClient = getApiClient();
  if (getSession()) return call(appClient);
  const credentials = getPendingCredentials();
  const firstTenant = credentials && (await queryClient.ensureQueryData(userTenantsQueryOptions(credentials)))[0];
  if (!credentials || !firstTenant) throw new SignInRequiredError();
  const { access_token } = await getToken(appClient, credentials, firstTenant.tenant_id);
  return call(createApiClient({ baseUrl: appClient.baseUrl, getToken: () => access_token }));
}

import { createApiClient, type ApiClient, type BasicCredentials } from '../../src/api/client';
import { ApiError } from '../../src/api/errors';
import { tenantListSchema, tokenResponseSchema, type TenantListItem } from '../../src/api/schemas/identity';

/** An email and password, or an API key (sent as `Authorization: Key <key>`). */
export type CliCredentials = BasicCredentials | { apiKey: string };

/** Sign-in or the tenant choice failed; the message says why in one sentence. */
export class SignInError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignInError';
  }
}

function chooseTenant(tenants: TenantListItem[], wanted: string | undefined): TenantListItem {
  if (wanted === undefined) {
    if (tenants.length === 1 && tenants[0]) return tenants[0];
    const names = tenants.map((tenant) => `"${tenant.name}"`).join(', ');
    throw new SignInError(`This account is in ${tenants.length} tenants (${names}); choose one with --tenant.`);
  }
  const tenant = tenants.find((candidate) => candidate.tenant_id === wanted || candidate.name === wanted);
  if (!tenant) throw new SignInError(`This account is not in a tenant "${wanted}".`);
  return tenant;
}

const credentialOptions = (credentials: CliCredentials) =>
  'apiKey' in credentials ? { auth: 'none' as const, headers: { Authorization: `Key ${credentials.apiKey}` } } : { auth: credentials };

/** A client holding a tenant token of the credentials' owner, for the tenant named (by id or name) or their only one. */
export async function signIn(baseUrl: string, credentials: CliCredentials, tenantWanted?: string): Promise<{ client: ApiClient; tenant: TenantListItem }> {
  let token: string | null = null;
  const client = createApiClient({ baseUrl, getToken: () => token });
  try {
    const { tenants } = await client.request('/1/users/current/tenants', tenantListSchema, credentialOptions(credentials));
    const tenant = chooseTenant(tenants, tenantWanted);
    const query = { tenant_id: tenant.tenant_id };
    token = (await client.request('/1/token', tokenResponseSchema, { ...credentialOptions(credentials), query })).access_token;
    return { client, tenant };
  } catch (error) {
    throw error instanceof ApiError ? new SignInError(`Sign-in failed: ${error.message}`) : error;
  }
}

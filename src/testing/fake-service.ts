import { http, HttpResponse } from 'msw';
import type { Invite, Tenant, TenantListItem, TokenResponse } from '../api/schemas/identity';

/** A small in-memory stand-in for the identity part of the service, for app tests (msw handlers). */
export interface FakeUser {
  email: string;
  password: string;
  userId: string;
  tenantIds: string[];
  invites: Invite[];
}

export const ACME: TenantListItem = { tenant_id: 't-acme', type: 'orgtenant', name: 'Acme Vision' };
export const PERSONAL: TenantListItem = { tenant_id: 't-personal', type: 'usertenant', name: 'Ada personal' };
export const LAB: TenantListItem = { tenant_id: 't-lab', type: 'orgtenant', name: 'Vision Lab' };
const TENANTS = [ACME, PERSONAL, LAB];

export const PASSWORD = 'correct horse';

export function createFakeService(users: FakeUser[]) {
  /** Tokens the service no longer accepts, as if they had expired. */
  const expiredTokens = new Set<string>();
  let issued = 0;

  function userFromBasic(request: Request): FakeUser | undefined {
    const header = request.headers.get('Authorization') ?? '';
    if (!header.startsWith('Basic ')) return undefined;
    const bytes = Uint8Array.from(atob(header.slice(6)), (char) => char.charCodeAt(0));
    const decoded = new TextDecoder().decode(bytes);
    const separator = decoded.indexOf(':');
    const [email, password] = [decoded.slice(0, separator), decoded.slice(separator + 1)];
    return users.find((user) => user.email === email && user.password === password);
  }

  function bearer(request: Request): { user: FakeUser; tenantId: string } | undefined {
    const token = request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? '';
    if (expiredTokens.has(token)) return undefined;
    const [, email, tenantId] = token.split('|');
    const user = users.find((candidate) => candidate.email === email);
    return user && tenantId ? { user, tenantId } : undefined;
  }

  const unauthorized = () =>
    HttpResponse.json({ message: 'Credentials were not accepted.' }, { status: 401, headers: { 'WWW-Authenticate': 'Bearer' } });
  const tenantsOf = (user: FakeUser) => TENANTS.filter((tenant) => user.tenantIds.includes(tenant.tenant_id));

  const handlers = [
    http.get('/1/version', () => HttpResponse.json({ version: '1', build_number: 12, build_time: '2025-01-01T00:00:00Z' })),
    http.get('/1/users/current/tenants', ({ request }) => {
      const user = userFromBasic(request);
      return user ? HttpResponse.json({ tenants: tenantsOf(user) }) : unauthorized();
    }),
    http.get('/1/token', ({ request }) => {
      const user = userFromBasic(request);
      const tenantId = new URL(request.url).searchParams.get('tenant_id');
      const tenant = user && tenantsOf(user).find((candidate) => candidate.tenant_id === tenantId);
      if (!user || !tenant) return unauthorized();
      issued += 1;
      const body: TokenResponse = {
        access_token: `token-${issued}|${user.email}|${tenant.tenant_id}`,
        token_type: 'Bearer',
        expires_in: 86400,
        user_email: user.email,
        user_id: user.userId,
        tenant_id: tenant.tenant_id,
        tenant_name: tenant.name,
        tenant_type: tenant.type,
      };
      return HttpResponse.json(body);
    }),
    http.get('/1/tenants/current', ({ request }) => {
      const caller = bearer(request);
      const tenant = TENANTS.find((candidate) => candidate.tenant_id === caller?.tenantId);
      if (!caller || !tenant) return unauthorized();
      const body: Tenant = { ...tenant, created_at: 1_700_000_000, modified_at: 1_700_000_000, cloud_region: 'local', region: null, created_by: 'admin@demo.test' };
      return HttpResponse.json(body);
    }),
    http.get('/1/tenants/current/users', ({ request }) => {
      const caller = bearer(request);
      if (!caller) return unauthorized();
      const members = users.filter((user) => user.tenantIds.includes(caller.tenantId));
      return HttpResponse.json({
        data: members.map((user) => ({ user_id: user.userId, email: user.email, given_name: null, surname: null, role: 'tenant_user' })),
      });
    }),
    // The tenant's landing page lists these; the fake tenants have none.
    ...['/1/tenants/current/applications', '/1/tenants/current/subjects'].map((path) =>
      http.get(path, ({ request }) => (bearer(request) ? HttpResponse.json({ data: [] }) : unauthorized())),
    ),
    http.get('/1/users/current/invites', ({ request }) => {
      const caller = bearer(request);
      return caller ? HttpResponse.json(caller.user.invites.filter((invite) => invite.invitation_status === 'pending')) : unauthorized();
    }),
    http.post('/1/users/current/invites', async ({ request }) => {
      const caller = bearer(request);
      if (!caller) return unauthorized();
      const answer = (await request.json()) as { tenant_id: string; invitation_status: 'accepted' | 'declined' };
      const invite = caller.user.invites.find((candidate) => candidate.tenant_id === answer.tenant_id);
      if (!invite) return HttpResponse.json({ message: 'No such invite.' }, { status: 404 });
      invite.invitation_status = answer.invitation_status;
      if (answer.invitation_status === 'accepted') caller.user.tenantIds.push(invite.tenant_id);
      return HttpResponse.json(invite);
    }),
  ];

  return {
    handlers,
    /** Makes every token issued so far unacceptable, as when they expire. */
    expireTokens: (tokens: Iterable<string>) => {
      for (const token of tokens) expiredTokens.add(token);
    },
  };
}

export function pendingInvite(tenant: TenantListItem, invitedUserEmail: string): Invite {
  return {
    created_by: 'admin@demo.test',
    invited_user_email: invitedUserEmail,
    invitation_status: 'pending',
    tenant_name: tenant.name,
    tenant_id: tenant.tenant_id,
    resend_counter: 0,
    last_resend_by: null,
    last_resend_at: null,
    created_at: 1_700_000_000,
    accepted_at: null,
  };
}

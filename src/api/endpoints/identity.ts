import type { ApiClient, BasicCredentials } from '../client';
import type {
  CreateUserRequest,
  Invite,
  InviteAnswer,
  ListResponse,
  SentInvite,
  Tenant,
  TenantList,
  TenantUser,
  TokenResponse,
  User,
  VersionRecord,
} from '../types';

export const createUser = (client: ApiClient, body: CreateUserRequest) =>
  client.request<User>('/1/users', { method: 'POST', body, auth: 'none' });

export const getUser = (client: ApiClient, userId = 'current') =>
  client.request<User>(`/1/users/${encodeURIComponent(userId)}`);

export const listUserTenants = (client: ApiClient, credentials: BasicCredentials) =>
  client.request<TenantList>('/1/users/current/tenants', { auth: credentials });

export const getToken = (client: ApiClient, credentials: BasicCredentials, tenantId?: string) =>
  client.request<TokenResponse>('/1/token', { auth: credentials, query: { tenant_id: tenantId } });

export const getTenant = (client: ApiClient, tenantId = 'current') =>
  client.request<Tenant>(`/1/tenants/${encodeURIComponent(tenantId)}`);

export const listTenantUsers = (client: ApiClient, tenantId = 'current') =>
  client.request<ListResponse<TenantUser>>(`/1/tenants/${encodeURIComponent(tenantId)}/users`);

/** Sends (or resends) an invite; the answer carries the acceptance code to pass on to the invited person. */
export const sendInvite = (client: ApiClient, invitedUserEmail: string, tenantId = 'current') =>
  client.request<SentInvite>(`/1/tenants/${encodeURIComponent(tenantId)}/invites`, {
    method: 'POST',
    body: { invited_user_email: invitedUserEmail },
  });

export const listTenantInvites = (client: ApiClient, tenantId = 'current') =>
  client.request<ListResponse<Invite>>(`/1/tenants/${encodeURIComponent(tenantId)}/invites`);

export const listMyInvites = (client: ApiClient) => client.request<Invite[]>('/1/users/current/invites');

/** Accepts or declines; an account made after the invite was sent must give its `invite_code`. */
export const answerInvite = (client: ApiClient, answer: InviteAnswer) =>
  client.request<Invite>('/1/users/current/invites', { method: 'POST', body: answer });

export const getVersion = (client: ApiClient) => client.request<VersionRecord>('/1/version', { auth: 'none' });

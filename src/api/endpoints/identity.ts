import { z } from '../zod';
import type { ApiClient, BasicCredentials } from '../client';
import { listOf } from '../schemas/envelopes';
import {
  inviteSchema,
  sentInviteSchema,
  tenantListSchema,
  tenantSchema,
  tenantUserSchema,
  tokenResponseSchema,
  userSchema,
  versionRecordSchema,
  type CreateUserRequest,
  type InviteAnswer,
} from '../schemas/identity';

const tenantPath = (tenantId: string) => `/1/tenants/${encodeURIComponent(tenantId)}`;

export const createUser = (client: ApiClient, body: CreateUserRequest) =>
  client.request('/1/users', userSchema, { method: 'POST', body, auth: 'none' });

export const listUserTenants = (client: ApiClient, credentials: BasicCredentials) =>
  client.request('/1/users/current/tenants', tenantListSchema, { auth: credentials });

export const getToken = (client: ApiClient, credentials: BasicCredentials, tenantId?: string) =>
  client.request('/1/token', tokenResponseSchema, { auth: credentials, query: { tenant_id: tenantId } });

export const getTenant = (client: ApiClient, tenantId = 'current') => client.request(tenantPath(tenantId), tenantSchema);

export const listTenantUsers = (client: ApiClient, tenantId = 'current') =>
  client.request(`${tenantPath(tenantId)}/users`, listOf(tenantUserSchema));

/** Sends (or resends) an invite; the answer carries the acceptance code to pass on to the invited person. */
export const sendInvite = (client: ApiClient, invitedUserEmail: string, tenantId = 'current') =>
  client.request(`${tenantPath(tenantId)}/invites`, sentInviteSchema, { method: 'POST', body: { invited_user_email: invitedUserEmail } });

export const listTenantInvites = (client: ApiClient, tenantId = 'current') =>
  client.request(`${tenantPath(tenantId)}/invites`, listOf(inviteSchema));

export const listMyInvites = (client: ApiClient) => client.request('/1/users/current/invites', z.array(inviteSchema));

/** Accepts or declines; an account made after the invite was sent must give its `invite_code`. */
export const answerInvite = (client: ApiClient, answer: InviteAnswer) =>
  client.request('/1/users/current/invites', inviteSchema, { method: 'POST', body: answer });

export const getVersion = (client: ApiClient) => client.request('/1/version', versionRecordSchema, { auth: 'none' });

import type { FastifyRequest } from 'fastify';
import type { TenantRole } from '../../src/api/schemas/identity';
import { forbidden, notFound } from '../errors';
import { unauthorized } from '../http/errors';

/** Who a bearer token speaks for: one user inside one tenant. */
export interface AuthContext {
  userId: string;
  tenantId: string;
  email: string;
  role: TenantRole;
}

/** Who signed in with HTTP Basic credentials or an API key (no tenant yet). */
export interface SignedInUser {
  userId: string;
  email: string;
}

/** `user`: Basic, an API key or a bearer token, for calls about the user themself rather than a tenant. */
type AuthMode = 'bearer' | 'basic' | 'user' | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How the route's caller proves who they are; `bearer` unless the route says otherwise. `basic` also takes an API key. */
    auth?: AuthMode;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    signedInUser: SignedInUser | null;
  }
}

export const REALM = 'looplabel';
export const BEARER_CHALLENGE = `Bearer realm="${REALM}"`;
export const BASIC_CHALLENGE = `Basic realm="${REALM}", charset="UTF-8"`;
export const KEY_CHALLENGE = `Key realm="${REALM}"`;

/** The caller of a bearer route. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized('Sign in to continue.', BEARER_CHALLENGE);
  return request.auth;
}

/** The caller of a Basic route. */
export function requireSignedInUser(request: FastifyRequest): SignedInUser {
  if (!request.signedInUser) throw unauthorized('Give your email and password.', BASIC_CHALLENGE);
  return request.signedInUser;
}

export function requireTenantAdmin(request: FastifyRequest): AuthContext {
  const auth = requireAuth(request);
  if (auth.role !== 'tenant_admin') throw forbidden('Only a tenant administrator may do this.');
  return auth;
}

/** `current` or the caller's own tenant id resolve to it; any other tenant is 404, whether it exists or not. */
export function resolveTenantId(auth: AuthContext, tenantId: string): string {
  if (tenantId === 'current' || tenantId === auth.tenantId) return auth.tenantId;
  throw notFound('Tenant not found.');
}

/** `current` or the caller's own user id resolve to it; any other user is 404. */
export function resolveUserId(callerId: string, userId: string): string {
  if (userId === 'current' || userId === callerId) return callerId;
  throw notFound('User not found.');
}

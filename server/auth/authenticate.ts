import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../errors';
import { unauthorized } from '../http/errors';
import { BASIC_CHALLENGE, BEARER_CHALLENGE, KEY_CHALLENGE, REALM, type AuthContext, type SignedInUser } from './context';
import type { MemberRoles } from './member-roles';
import { verifyAgainstDecoy, verifyPassword } from './passwords';
import type { RateLimiter } from './rate-limit';
import type { TokenIssuer } from './tokens';

/** What authentication needs to know of users, passed in from the identity layer above. */
export interface AuthenticationDeps {
  /** The owner of an API key (noting its use), or null for a malformed, unknown or revoked key. */
  userOfApiKey(key: string): Promise<SignedInUser | null>;
  /** The user who signs in with this email, if any. */
  userByEmail(email: string): Promise<{ id: string; email: string; passwordHash: string } | undefined>;
  tokens: TokenIssuer;
  limiter: RateLimiter;
  memberRoles: MemberRoles;
}

const TOKEN_PROBLEMS = {
  malformed: 'The access token is not valid. Sign in again.',
  signature: 'The access token is not valid. Sign in again.',
  expired: 'The access token has expired. Sign in again.',
} as const;

const invalidToken = (message: string) =>
  unauthorized(message, `Bearer realm="${REALM}", error="invalid_token", error_description="${message}"`);

function credentialsOf(request: FastifyRequest, scheme: 'Basic' | 'Bearer' | 'Key'): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [given, value] = header.trim().split(/\s+/, 2);
  return given?.toLowerCase() === scheme.toLowerCase() && value ? value : null;
}

async function authenticateBearer(request: FastifyRequest, deps: AuthenticationDeps): Promise<AuthContext> {
  const token = credentialsOf(request, 'Bearer');
  if (!token) throw unauthorized('Sign in to continue: this call needs a bearer token.', BEARER_CHALLENGE);
  const result = await deps.tokens.verify(token);
  if (!result.ok) throw invalidToken(TOKEN_PROBLEMS[result.reason]);
  const { sub: userId, tid: tenantId, ema: email } = result.claims;
  const role = await deps.memberRoles.roleOf(tenantId, userId);
  if (!role) throw invalidToken('You are no longer a member of this tenant. Sign in again.');
  return { userId, tenantId, email, role };
}

function decodeBasic(value: string): { email: string; password: string } | null {
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  // No account's email or password holds a NUL character, and the database could not even look one up.
  if (colon <= 0 || decoded.includes('\u0000')) return null;
  return { email: decoded.slice(0, colon).trim().toLowerCase(), password: decoded.slice(colon + 1) };
}

/** `Authorization: Key <api_key>`: the key's owner, or 401 for a malformed, unknown or revoked key. */
async function authenticateApiKey(key: string, deps: AuthenticationDeps): Promise<SignedInUser> {
  const user = await deps.userOfApiKey(key);
  if (!user) throw unauthorized('The API key is not valid: it may have been revoked.', KEY_CHALLENGE);
  return user;
}

/** The user by email and password (Basic), or by one of their API keys (Key). */
async function authenticateBasic(request: FastifyRequest, deps: AuthenticationDeps): Promise<SignedInUser> {
  const apiKey = credentialsOf(request, 'Key');
  if (apiKey) return authenticateApiKey(apiKey, deps);
  const encoded = credentialsOf(request, 'Basic');
  const credentials = encoded ? decodeBasic(encoded) : null;
  if (!credentials) throw unauthorized('Give your email and password.', BASIC_CHALLENGE);

  // Every attempt takes a failure slot before its password is checked, and gives it back when the password was right:
  // guesses sent in parallel cannot all reach the check before the first failure is counted.
  const slot = await deps.limiter.takeSignIn(credentials.email, request.ip);
  if (!slot.ok) {
    throw tooManyRequests(`Too many failed sign-ins. Try again in ${slot.retryAfter} seconds.`, slot.retryAfter);
  }

  const user = await deps.userByEmail(credentials.email);
  const valid = user
    ? await verifyPassword(credentials.password, user.passwordHash)
    : await verifyAgainstDecoy(credentials.password);
  if (!user || !valid) throw unauthorized('The email or password is not correct.', BASIC_CHALLENGE);
  await deps.limiter.release(slot.slots);
  return { userId: user.id, email: user.email };
}

/**
 * Authenticates every route of this plugin context as its `config.auth` says (bearer by default), before the
 * body is read. Routes then read the caller with `requireAuth(request)` or `requireSignedInUser(request)`.
 */
export function registerAuthentication(app: FastifyInstance, deps: AuthenticationDeps): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('signedInUser', null);
  app.addHook('onRequest', async (request) => {
    const mode = request.routeOptions.config.auth ?? 'bearer';
    if (mode === 'bearer') request.auth = await authenticateBearer(request, deps);
    else if (mode === 'user' && credentialsOf(request, 'Bearer')) {
      request.auth = await authenticateBearer(request, deps);
      request.signedInUser = { userId: request.auth.userId, email: request.auth.email };
    } else if (mode === 'basic' || mode === 'user') request.signedInUser = await authenticateBasic(request, deps);
  });
}

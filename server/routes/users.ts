import { z } from 'zod';
import { requireAuth, requireSignedInUser, resolveUserId } from '../auth/context';
import { notFound, tooManyRequests } from '../errors';
import type { RoutesPlugin } from './instance';
import { email, listOf, nodeId } from '../http/schemas';
import { tenantListItemSchema, userSchema } from '../../src/api/schemas/identity';
import { register } from '../identity/registration';
import { listUserTenants } from '../identity/tenants';
import { findTenantUsers, findUserById, toUser } from '../identity/users';

const optionalName = z.string().trim().max(100).nullish();

const createUserBody = z.object({
  email,
  password: z
    .string()
    .min(8, { message: 'Use at least 8 characters.' })
    .max(256, { message: 'Use at most 256 characters.' }),
  given_name: optionalName,
  surname: optionalName,
  invite_code: z.string().min(1, { message: 'Give the invite code, or leave it out.' }).max(100, { message: 'An invite code is at most 100 characters.' }).optional(),
});

const userParams = z.object({ userId: nodeId });

const USER_IDS_MESSAGE = 'Give user_id (or id): one or more user ids (repeated or comma-separated, at most 100).';
const idList = z.union([z.string(), z.array(z.string())], { message: USER_IDS_MESSAGE }).optional();
/** `user_id` or `id` (the production service's client sends `id`), repeated or comma-separated; both may be given. */
const usersQuery = z
  .object({ user_id: idList, id: idList })
  .transform(({ user_id, id }) => [
    ...new Set([user_id ?? [], id ?? []].flat().flatMap((ids) => ids.split(',')).map((one) => one.trim()).filter(Boolean)),
  ])
  .pipe(z.array(nodeId).min(1, USER_IDS_MESSAGE).max(100, USER_IDS_MESSAGE));

export const userRoutes: RoutesPlugin = async (app) => {
  app.post(
    '/1/users',
    { config: { auth: 'none' }, schema: { body: createUserBody, response: { 201: userSchema } } },
    async (request, reply) => {
      const slot = await app.limiter.takeRegistration(request.ip);
      if (!slot.ok) {
        throw tooManyRequests(`Too many new accounts from this address. Try again in ${slot.retryAfter} seconds.`, slot.retryAfter);
      }
      const { email, password, given_name, surname, invite_code } = request.body;
      const user = await register(app.db, app.config.registration, { email, password, givenName: given_name || null, surname: surname || null, inviteCode: invite_code });
      return reply.status(201).send(toUser(user));
    },
  );

  app.get('/1/users', { schema: { querystring: usersQuery, response: { 200: listOf(userSchema) } } }, async (request) => {
    const ids = request.query;
    const found = await findTenantUsers(app.db, requireAuth(request).tenantId, ids);
    // Users outside the caller's tenant are not found, whether they exist or not.
    if (found.length < ids.length) throw notFound('User not found.');
    return { data: found.map(toUser) };
  });

  app.get('/1/users/:userId', { schema: { params: userParams, response: { 200: userSchema } } }, async (request) => {
    const auth = requireAuth(request);
    const user = await findUserById(app.db, resolveUserId(auth.userId, request.params.userId));
    if (!user) throw notFound('User not found.');
    return toUser(user);
  });

  app.get(
    '/1/users/:userId/tenants',
    {
      config: { auth: 'user' },
      schema: { params: userParams, response: { 200: z.object({ tenants: z.array(tenantListItemSchema) }) } },
    },
    async (request) => {
      const user = requireSignedInUser(request);
      return { tenants: await listUserTenants(app.db, resolveUserId(user.userId, request.params.userId)) };
    },
  );

  // Asked by existing client libraries before they sign in; the local service has no second factor.
  app.get(
    '/21/users/mfa/status',
    { config: { auth: 'basic' }, schema: { response: { 200: z.object({ totp: z.literal('inactive') }) } } },
    async () => ({ totp: 'inactive' as const }),
  );
};

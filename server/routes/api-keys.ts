import { z } from 'zod';
import { apiKeySchema, createApiKeyBody, createdApiKeySchema } from '../../src/api/schemas/api-keys';
import { requireAuth, resolveUserId } from '../auth/context';
import type { RoutesPlugin } from './instance';
import { nodeId } from '../http/schemas';
import { createApiKey, getApiKey, listApiKeys, revokeApiKey } from '../identity/api-keys';
import { pagedListOf } from '../domain/media-schemas';

const userParams = z.object({ userId: nodeId });
const keyParams = userParams.extend({ keyId: nodeId });

/** A user's API keys: only their owner sees or revokes them (another user's id or key is 404). */
export const apiKeyRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/1/users/:userId/apiKeys',
    { schema: { params: userParams, response: { 200: pagedListOf(apiKeySchema) } } },
    async (request) => {
      const userId = resolveUserId(requireAuth(request).userId, request.params.userId);
      return { data: await listApiKeys(app.db, userId), paging: {} };
    },
  );

  app.post(
    '/1/users/:userId/apiKeys',
    { schema: { params: userParams, body: createApiKeyBody, response: { 201: createdApiKeySchema } } },
    async (request, reply) => {
      const userId = resolveUserId(requireAuth(request).userId, request.params.userId);
      return reply.status(201).send(await createApiKey(app.db, userId, request.body.description));
    },
  );

  app.get('/1/users/:userId/apiKeys/:keyId', { schema: { params: keyParams, response: { 200: apiKeySchema } } }, async (request) => {
    const userId = resolveUserId(requireAuth(request).userId, request.params.userId);
    return getApiKey(app.db, userId, request.params.keyId);
  });

  app.delete('/1/users/:userId/apiKeys/:keyId', { schema: { params: keyParams } }, async (request, reply) => {
    const userId = resolveUserId(requireAuth(request).userId, request.params.userId);
    await revokeApiKey(app.db, userId, request.params.keyId);
    return reply.status(204).send();
  });
};

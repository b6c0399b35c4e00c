import type { ApiClient } from '../client';
import { apiKeySchema, createdApiKeySchema, type CreateApiKeyRequest } from '../schemas/api-keys';
import { noContent, pageOf } from '../schemas/envelopes';

const keysPath = (userId: string) => `/1/users/${encodeURIComponent(userId)}/apiKeys`;

export const listApiKeys = (client: ApiClient, userId = 'current') => client.request(keysPath(userId), pageOf(apiKeySchema));

/** Creates a key; the answer's `api_key` is the only time the key is shown. */
export const createApiKey = (client: ApiClient, body: CreateApiKeyRequest, userId = 'current') =>
  client.request(keysPath(userId), createdApiKeySchema, { method: 'POST', body });

/** Revokes the key: the service refuses it from then on. */
export const revokeApiKey = (client: ApiClient, keyId: string, userId = 'current') =>
  client.request(`${keysPath(userId)}/${encodeURIComponent(keyId)}`, noContent, { method: 'DELETE' });

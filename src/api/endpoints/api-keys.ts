import type { ApiClient } from '../client';
import type { ApiKey, CreateApiKeyRequest, CreatedApiKey } from '../schemas/api-keys';
import type { PagedResponse } from '../types';

const keysPath = (userId: string) => `/1/users/${encodeURIComponent(userId)}/apiKeys`;

export const listApiKeys = (client: ApiClient, userId = 'current') => client.request<PagedResponse<ApiKey>>(keysPath(userId));

/** Creates a key; the answer's `api_key` is the only time the key is shown. */
export const createApiKey = (client: ApiClient, body: CreateApiKeyRequest, userId = 'current') =>
  client.request<CreatedApiKey>(keysPath(userId), { method: 'POST', body });

export const getApiKey = (client: ApiClient, keyId: string, userId = 'current') =>
  client.request<ApiKey>(`${keysPath(userId)}/${encodeURIComponent(keyId)}`);

/** Revokes the key: the service refuses it from then on. */
export const revokeApiKey = (client: ApiClient, keyId: string, userId = 'current') =>
  client.request<void>(`${keysPath(userId)}/${encodeURIComponent(keyId)}`, { method: 'DELETE' });

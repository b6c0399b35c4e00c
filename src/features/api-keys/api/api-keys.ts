import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { createApiKey, listApiKeys, revokeApiKey } from '../../../api/endpoints/api-keys';
import { getApiClient } from '../../../lib/api-client';

// A user's keys, whatever tenant they are signed in to: the user id keeps one person's cache apart from another's.
const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: (userId: string) => [...apiKeyKeys.all, 'list', { userId }] as const,
};

export const apiKeysQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: apiKeyKeys.list(userId),
    queryFn: async () => (await listApiKeys(getApiClient())).data,
  });

/** Creates a key; its answer holds the key itself, which the page shows once and never stores. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (description: string) => createApiKey(getApiClient(), { description }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => revokeApiKey(getApiClient(), keyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

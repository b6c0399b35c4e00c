import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteModelServer, getModelServer, getModelServerVersions, putModelServer, testModelServer } from '../../../api/endpoints/model-server';
import type { ModelServerSettingsInput } from '../../../api/schemas/model-server';
import { getApiClient } from '../../../lib/api-client';
import { applicationKeys } from '../../../lib/queries/keys';

// An application's model server: its settings and status, and the model versions it reported.
const modelServerKeys = {
  all: (appId: string) => [...applicationKeys.detail(appId), 'model-server'] as const,
  status: (appId: string) => [...modelServerKeys.all(appId), 'status'] as const,
  versions: (appId: string) => [...modelServerKeys.all(appId), 'versions'] as const,
};

/** While a check is under way the status is asked this often; otherwise now and then, as calls change it. */
const CHECKING_POLL_MS = 1000;
const STATUS_POLL_MS = 15_000;

const modelServerQueryOptions = (appId: string) =>
  queryOptions({
    queryKey: modelServerKeys.status(appId),
    queryFn: () => getModelServer(getApiClient(), appId),
    refetchInterval: (query) => (query.state.data?.state === 'unknown' ? CHECKING_POLL_MS : query.state.data ? STATUS_POLL_MS : false),
  });

/** The server and its status (null: none connected). */
export const useModelServer = (appId: string, enabled = true) => useQuery({ ...modelServerQueryOptions(appId), enabled });

export const useModelServerVersions = (appId: string, enabled = true) =>
  useQuery({ queryKey: modelServerKeys.versions(appId), queryFn: async () => (await getModelServerVersions(getApiClient(), appId)).versions, enabled });

function useModelServerMutation<V>(appId: string, run: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: modelServerKeys.all(appId) }) });
}

export const useSaveModelServer = (appId: string) => useModelServerMutation(appId, (body: ModelServerSettingsInput) => putModelServer(getApiClient(), appId, body));
export const useTestModelServer = (appId: string) => useModelServerMutation(appId, () => testModelServer(getApiClient(), appId));
export const useRemoveModelServer = (appId: string) => useModelServerMutation(appId, () => deleteModelServer(getApiClient(), appId));

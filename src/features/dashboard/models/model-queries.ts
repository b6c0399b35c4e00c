import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { getLearningCurve, getReleaseStatus, listCurrentValidation, listModels, listReleaseValidation, startRelease } from '../../../api/endpoints/models';
import { baselineModelId, type ReleaseStatus, type StartReleaseBody } from '../../../api/schemas/models';
import { PAGE_LIMIT } from '../../../api/limits';
import { outsideModelName } from '../../../api/schemas/imports';
import { getApiClient } from '../../../lib/api-client';
import { applicationKeys } from '../../../lib/queries/keys';

// An application's models: its releases, their measures and whether a release is running.
const modelKeys = {
  all: (appId: string) => [...applicationKeys.detail(appId), 'models'] as const,
  list: (appId: string) => [...modelKeys.all(appId), 'list'] as const,
  releaseValidation: (appId: string) => [...modelKeys.all(appId), 'releaseValidation'] as const,
  currentValidation: (appId: string) => [...modelKeys.all(appId), 'currentValidation'] as const,
  releaseStatus: (appId: string) => [...modelKeys.all(appId), 'release'] as const,
  learningCurve: (appId: string) => [...modelKeys.all(appId), 'learningCurve'] as const,
};

/** How often a running release is asked about. */
const RELEASE_POLL_MS = 1000;

/** The latest releases, newest first (one page: the most the service gives at once). */
const modelsQueryOptions = (appId: string) =>
  queryOptions({
    queryKey: modelKeys.list(appId),
    queryFn: async () => (await listModels(getApiClient(), appId, { reverse: true, limit: PAGE_LIMIT.max })).data,
  });

export const useModels = (appId: string) => useQuery(modelsQueryOptions(appId));

/** Each release's measures on its validation answers, beside the model it replaced; newest first. */
export const useReleaseValidation = (appId: string) =>
  useQuery({
    queryKey: modelKeys.releaseValidation(appId),
    queryFn: async () => (await listReleaseValidation(getApiClient(), appId, { reverse: true, limit: PAGE_LIMIT.max })).data,
  });

/** The current model and the one before it, measured on the same validation answers (oldest first). */
export const useCurrentValidation = (appId: string) =>
  useQuery({
    queryKey: modelKeys.currentValidation(appId),
    queryFn: async () => (await listCurrentValidation(getApiClient(), appId)).data,
  });

/** The learning curve: the latest releases on the same held-out answers, the fit and the verdict. */
const learningCurveQueryOptions = (appId: string) =>
  queryOptions({ queryKey: modelKeys.learningCurve(appId), queryFn: () => getLearningCurve(getApiClient(), appId) });

export const useLearningCurve = (appId: string) => useQuery(learningCurveQueryOptions(appId));

/** A model named by its version, never by its id. */
export const modelVersionName = (version: number) => (version === 0 ? 'Baseline model (v0)' : `Model v${version}`);

/**
 * model_id → "Model v3", from the releases of the applications given (those whose models asserted something): each
 * application's baseline is v0; an outside model goes by its own name; "…" while the releases load.
 */
export function useModelNames(appIds: readonly string[]): (modelId: string) => string {
  const releases = useQueries({ queries: appIds.map((appId) => modelsQueryOptions(appId)) });
  const versions = new Map<string, number>();
  appIds.forEach((appId, index) => {
    versions.set(baselineModelId(appId), 0);
    for (const model of releases[index]?.data ?? []) versions.set(model.model_id, model.version);
  });
  const loading = releases.some((release) => release.isPending);
  return (modelId) => {
    const version = versions.get(modelId);
    if (version !== undefined) return modelVersionName(version);
    const outside = outsideModelName(modelId);
    if (outside !== null) return `${outside} (outside model)`;
    return loading ? '…' : 'An earlier model';
  };
}

/** How a release someone started ended: a new version, a candidate kept back (see `last_candidate`), or a failure. */
export type ReleaseOutcome = 'released' | 'kept-back' | 'failed' | null;

/** What the release status said when a release was started: its outcome is read against it. */
interface StartedFrom {
  version: number | null;
  decidedAt: number | null;
}

function outcomeOf(status: ReleaseStatus | undefined, startedFrom: StartedFrom): ReleaseOutcome {
  if ((status?.release_model_count ?? 0) > (startedFrom.version ?? 0)) return 'released';
  const decidedAt = status?.last_candidate?.decided_at ?? null;
  return decidedAt !== null && decidedAt !== startedFrom.decidedAt ? 'kept-back' : 'failed';
}

/**
 * Release now (or anyway, with `{force: true}`): starts a release (202), then asks about it every second while it runs; when it has finished, the
 * models and the application are fetched again. `outcome` says whether the version moved on, or why not.
 */
export function useReleaseNow(appId: string) {
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: modelKeys.releaseStatus(appId),
    queryFn: () => getReleaseStatus(getApiClient(), appId),
    refetchInterval: (query) => (query.state.data?.running ? RELEASE_POLL_MS : false),
  });
  const [startedFrom, setStartedFrom] = useState<StartedFrom | undefined>(undefined);
  const [outcome, setOutcome] = useState<ReleaseOutcome>(null);
  const running = status.data?.running ?? false;
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) {
      void queryClient.invalidateQueries({ queryKey: modelKeys.all(appId) });
      void queryClient.invalidateQueries({ queryKey: applicationKeys.detail(appId), exact: true });
      if (startedFrom !== undefined) {
        setOutcome(outcomeOf(status.data, startedFrom));
        setStartedFrom(undefined);
      }
    }
    wasRunning.current = running;
  }, [running, appId, queryClient, startedFrom, status.data]);
  const start = useMutation({
    mutationFn: (body?: StartReleaseBody) => startRelease(getApiClient(), appId, body),
    onSuccess: (started) => {
      setOutcome(null);
      setStartedFrom({ version: started.release_model_count, decidedAt: started.last_candidate?.decided_at ?? null });
      queryClient.setQueryData(modelKeys.releaseStatus(appId), started);
    },
  });
  return { status, running, outcome, start };
}

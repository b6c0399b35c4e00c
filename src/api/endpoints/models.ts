import type { ApiClient } from '../client';
import type { ModelPerformance, ModelsQuery, ReleasedModel, ReleaseStatus } from '../schemas/models';
import type { PagedResponse } from '../types';

const appPath = (appId: string) => `/1/applications/${encodeURIComponent(appId)}`;

/** The application's released models, oldest first (newest first with `reverse`); `paging.next` for more. */
export const listModels = (client: ApiClient, appId: string, query: ModelsQuery = {}) =>
  client.request<PagedResponse<ReleasedModel>>(`${appPath(appId)}/models`, { query: { ...query } });

/** Each release's measures on its validation answers, beside the model it replaced on the same answers. */
export const listReleaseValidation = (client: ApiClient, appId: string, query: ModelsQuery = {}) =>
  client.request<PagedResponse<ModelPerformance>>(`${appPath(appId)}/performance/releaseValidation`, { query: { ...query } });

/** The current model and the one it replaced, measured on the current validation answers. */
export const listCurrentValidation = (client: ApiClient, appId: string, query: ModelsQuery = {}) =>
  client.request<PagedResponse<ModelPerformance>>(`${appPath(appId)}/performance/currentValidation`, { query: { ...query } });

/** Follows a page's `paging.next` link of any of these lists. */
export const listNextPage = <T>(client: ApiClient, next: string) => client.requestUrl<PagedResponse<T>>(next);

/** Whether a release is running, and the latest version. */
export const getReleaseStatus = (client: ApiClient, appId: string) => client.request<ReleaseStatus>(`${appPath(appId)}/release`);

/** Starts a release off the service's request (202): poll `getReleaseStatus` until `running` is false. */
export const startRelease = (client: ApiClient, appId: string) =>
  client.request<ReleaseStatus>(`${appPath(appId)}/release`, { method: 'POST' });

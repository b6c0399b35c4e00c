import type { ApiClient } from '../client';
import { pageOf } from '../schemas/envelopes';
import { learningCurveSchema } from '../schemas/learning-curve';
import { modelPerformanceSchema, releasedModelSchema, releaseStatusSchema, type ModelsQuery, type StartReleaseBody } from '../schemas/models';

const appPath = (appId: string) => `/1/applications/${encodeURIComponent(appId)}`;

/** The application's released models, oldest first (newest first with `reverse`); `paging.next` for more. */
export const listModels = (client: ApiClient, appId: string, query: ModelsQuery = {}) =>
  client.request(`${appPath(appId)}/models`, pageOf(releasedModelSchema), { query: { ...query } });

/** Each release's measures on its validation answers, beside the model it replaced on the same answers. */
export const listReleaseValidation = (client: ApiClient, appId: string, query: ModelsQuery = {}) =>
  client.request(`${appPath(appId)}/performance/releaseValidation`, pageOf(modelPerformanceSchema), { query: { ...query } });

/** The current model and the one it replaced, measured on the current validation answers. */
export const listCurrentValidation = (client: ApiClient, appId: string, query: ModelsQuery = {}) =>
  client.request(`${appPath(appId)}/performance/currentValidation`, pageOf(modelPerformanceSchema), { query: { ...query } });

/** Whether a release is running, and the latest version. */
export const getReleaseStatus = (client: ApiClient, appId: string) => client.request(`${appPath(appId)}/release`, releaseStatusSchema);

/**
 * Starts a release off the service's request (202): poll `getReleaseStatus` until `running` is false. `{force: true}`
 * releases the candidate even when the release rule keeps it back (recorded as forced).
 */
export const startRelease = (client: ApiClient, appId: string, body?: StartReleaseBody) =>
  client.request(`${appPath(appId)}/release`, releaseStatusSchema, { method: 'POST', body });

/** Extension: the latest releases measured on the same held-out answers against their training answers, fitted, with a verdict. */
export const getLearningCurve = (client: ApiClient, appId: string) => client.request(`${appPath(appId)}/learning_curve`, learningCurveSchema);

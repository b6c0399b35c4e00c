import type { ApiClient } from '../client';
import { applicationSchema, applicationStatsSchema, type Application, type ApplicationInput, type StatsBucket } from '../schemas/application';
import { captureStatusSchema } from '../schemas/capture';
import { listOf, noContent } from '../schemas/envelopes';

const applicationPath = (appId: string) => `/1/applications/${encodeURIComponent(appId)}`;

export const listApplications = (client: ApiClient, tenantId = 'current') =>
  client.request(`/1/tenants/${encodeURIComponent(tenantId)}/applications`, listOf(applicationSchema));

export const getApplication = (client: ApiClient, appId: string) => client.request(applicationPath(appId), applicationSchema);

/** `name` and `type` are required; the service answers 400 with field errors otherwise. */
export const createApplication = (client: ApiClient, body: ApplicationInput & Pick<Application, 'name' | 'type'>) =>
  client.request('/1/applications', applicationSchema, { method: 'POST', body });

/** A partial update: send only the fields that change. Returns the whole application. */
export const updateApplication = (client: ApiClient, appId: string, body: ApplicationInput) =>
  client.request(applicationPath(appId), applicationSchema, { method: 'POST', body });

export const deleteApplication = (client: ApiClient, appId: string) =>
  client.request(applicationPath(appId), noContent, { method: 'DELETE' });

/** Local-service extension: counts for the dashboard's chart. */
export const getApplicationStats = (client: ApiClient, appId: string, bucket: StatsBucket) =>
  client.request(`${applicationPath(appId)}/stats`, applicationStatsSchema, { query: { bucket } });

/** Local-service extension: a capture application's (network camera, feed) latest frames and errors. */
export const getCaptureStatus = (client: ApiClient, appId: string) => client.request(`${applicationPath(appId)}/capture`, captureStatusSchema);

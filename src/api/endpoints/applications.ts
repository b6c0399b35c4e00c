import type { ApiClient } from '../client';
import type { Application, ApplicationInput, ListResponse, UnixSeconds } from '../types';

const applicationPath = (appId: string) => `/1/applications/${encodeURIComponent(appId)}`;

export const listApplications = (client: ApiClient, tenantId = 'current') =>
  client.request<ListResponse<Application>>(`/1/tenants/${encodeURIComponent(tenantId)}/applications`);

export const getApplication = (client: ApiClient, appId: string) => client.request<Application>(applicationPath(appId));

/** `name` and `type` are required; the service answers 400 with field errors otherwise. */
export const createApplication = (client: ApiClient, body: ApplicationInput & Pick<Application, 'name' | 'type'>) =>
  client.request<Application>('/1/applications', { method: 'POST', body });

/** A partial update: send only the fields that change. Returns the whole application. */
export const updateApplication = (client: ApiClient, appId: string, body: ApplicationInput) =>
  client.request<Application>(applicationPath(appId), { method: 'POST', body });

export const deleteApplication = (client: ApiClient, appId: string) =>
  client.request<void>(applicationPath(appId), { method: 'DELETE' });

// Local-service extension: counts for the dashboard's chart.

export type StatsBucket = 'hour' | 'day';

export interface AssertionsBucket {
  /** Start of the bucket. */
  t: UnixSeconds;
  model: number;
  user: number;
}

export interface ApplicationStats {
  pending: number;
  assertions_by_source: AssertionsBucket[];
  latest_detection_at: UnixSeconds | null;
}

export const getApplicationStats = (client: ApiClient, appId: string, bucket: StatsBucket) =>
  client.request<ApplicationStats>(`${applicationPath(appId)}/stats`, { query: { bucket } });

import type { ApiClient } from '../client';
import type { ListResponse, Subject } from '../types';

export interface SubjectInput {
  name: string;
  description?: string;
}

export const listSubjects = (client: ApiClient, tenantId = 'current') =>
  client.request<ListResponse<Subject>>(`/1/tenants/${encodeURIComponent(tenantId)}/subjects`);

export const createSubject = (client: ApiClient, body: SubjectInput) =>
  client.request<Subject>('/1/subjects', { method: 'POST', body });

export const getSubject = (client: ApiClient, subjectUid: string) =>
  client.request<Subject>(`/1/subjects/${encodeURIComponent(subjectUid)}`);

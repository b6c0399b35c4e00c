import type { ApiClient } from '../client';
import type { DetectorClassSetting } from '../detector/classes';
import type { ListResponse, Subject } from '../types';

export interface SubjectInput {
  name: string;
  description?: string;
  detector_class?: DetectorClassSetting;
}

export const listSubjects = (client: ApiClient, tenantId = 'current') =>
  client.request<ListResponse<Subject>>(`/1/tenants/${encodeURIComponent(tenantId)}/subjects`);

export const createSubject = (client: ApiClient, body: SubjectInput) =>
  client.request<Subject>('/1/subjects', { method: 'POST', body });

export const getSubject = (client: ApiClient, subjectUid: string) =>
  client.request<Subject>(`/1/subjects/${encodeURIComponent(subjectUid)}`);

/** Extension: sets or clears (null: automatic) the detector class a subject maps to. */
export const setSubjectDetectorClass = (client: ApiClient, subjectUid: string, detectorClass: DetectorClassSetting) =>
  client.request<Subject>(`/1/subjects/${encodeURIComponent(subjectUid)}`, { method: 'POST', body: { detector_class: detectorClass } });

import type { ApiClient } from '../client';
import type { DetectorClassSetting } from '../detector/classes';
import { mediaSubjectAssociationSchema } from '../schemas/detections';
import { listOf } from '../schemas/envelopes';
import { subjectSchema } from '../schemas/subjects';

export interface SubjectInput {
  name: string;
  description?: string;
  detector_class?: DetectorClassSetting;
}

export const listSubjects = (client: ApiClient, tenantId = 'current') =>
  client.request(`/1/tenants/${encodeURIComponent(tenantId)}/subjects`, listOf(subjectSchema));

export const createSubject = (client: ApiClient, body: SubjectInput) => client.request('/1/subjects', subjectSchema, { method: 'POST', body });

export const getSubject = (client: ApiClient, subjectUid: string) =>
  client.request(`/1/subjects/${encodeURIComponent(subjectUid)}`, subjectSchema);

/** Extension: sets or clears (null: automatic) the detector class a subject maps to. */
export const setSubjectDetectorClass = (client: ApiClient, subjectUid: string, detectorClass: DetectorClassSetting) =>
  client.request(`/1/subjects/${encodeURIComponent(subjectUid)}`, subjectSchema, { method: 'POST', body: { detector_class: detectorClass } });

/** The first page of a subject's media, in the order they were first associated with it (oldest first). */
export const listSubjectMedia = (client: ApiClient, subjectUid: string, limit: number) =>
  client.request(`/1/subjects/${encodeURIComponent(subjectUid)}/media?limit=${limit}`, listOf(mediaSubjectAssociationSchema));

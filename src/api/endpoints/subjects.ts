import type { ApiClient } from '../client';
import { listOf } from '../schemas/envelopes';
import { subjectSchema } from '../schemas/subjects';

export interface SubjectInput {
  name: string;
  description?: string;
}

export const listSubjects = (client: ApiClient, tenantId = 'current') =>
  client.request(`/1/tenants/${encodeURIComponent(tenantId)}/subjects`, listOf(subjectSchema));

export const createSubject = (client: ApiClient, body: SubjectInput) => client.request('/1/subjects', subjectSchema, { method: 'POST', body });

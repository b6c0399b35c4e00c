import { queryOptions, useQuery } from '@tanstack/react-query';
import { listSubjects, listSubjectMedia } from '../../api/endpoints/subjects';
import { getApiClient } from '../api-client';
import { subjectKeys } from './keys';

export const subjectsQueryOptions = (tenantId: string) =>
  queryOptions({
    queryKey: subjectKeys.list(tenantId),
    queryFn: async () => (await listSubjects(getApiClient())).data,
  });

/** The newest of a subject's first 100 media, as a picture to draw on; null when it has none. */
export const recentSubjectMediaQueryOptions = (subjectUid: string) =>
  queryOptions({
    queryKey: subjectKeys.media(subjectUid),
    queryFn: async () => (await listSubjectMedia(getApiClient(), subjectUid, 100)).data.at(-1)?.media ?? null,
  });

export const useSubjects = (tenantId: string) => useQuery(subjectsQueryOptions(tenantId));

/** subject_uid → name, falling back to the id for a subject the list does not (yet) hold. */
export function useSubjectNames(tenantId: string): (subjectUid: string) => string {
  const subjects = useSubjects(tenantId);
  const names = new Map(subjects.data?.map((subject) => [subject.subject_uid, subject.name]));
  return (subjectUid) => names.get(subjectUid) ?? subjectUid;
}

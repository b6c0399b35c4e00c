import { useQuery } from '@tanstack/react-query';
import { subjectsQuery } from '../api/queries';

/** Subject names by uid, falling back to the uid while loading or when unknown. */
export function useSubjectName(tenantId: string): (uid: string) => string {
  const subjects = useQuery(subjectsQuery(tenantId));
  return (uid) => subjects.data?.find((s) => s.subject_uid === uid)?.name ?? uid;
}

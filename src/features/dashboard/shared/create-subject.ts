import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createSubject, type SubjectInput } from '../../../api/endpoints/subjects';
import { getApiClient } from '../../../lib/api-client';
import { subjectKeys } from '../../../lib/queries/keys';

export function useCreateSubject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubjectInput) => createSubject(getApiClient(), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subjectKeys.all }),
  });
}

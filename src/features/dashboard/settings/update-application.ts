import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateApplication } from '../../../api/endpoints/applications';
import type { ApplicationInput } from '../../../api/schemas/application';
import { getApiClient } from '../../../lib/api-client';
import { applicationKeys } from '../../../lib/queries/keys';

export function useUpdateApplication(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ApplicationInput) => updateApplication(getApiClient(), appId, changes),
    onSuccess: (application) => {
      queryClient.setQueryData(applicationKeys.detail(appId), application);
      return queryClient.invalidateQueries({ queryKey: applicationKeys.all });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteApplication } from '../../../api/endpoints/applications';
import { getApiClient } from '../../../lib/api-client';
import { applicationKeys } from '../../../lib/queries/keys';

export function useDeleteApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (appId: string) => deleteApplication(getApiClient(), appId),
    onSuccess: (_nothing, appId) => {
      queryClient.removeQueries({ queryKey: applicationKeys.detail(appId) });
      return queryClient.invalidateQueries({ queryKey: applicationKeys.all });
    },
  });
}

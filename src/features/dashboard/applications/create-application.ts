import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createApplication } from '../../../api/endpoints/applications';
import type { Application, ApplicationInput } from '../../../api/schemas/application';
import { getApiClient } from '../../../lib/api-client';
import { applicationKeys } from '../../../lib/queries/keys';

export type NewApplication = ApplicationInput & Pick<Application, 'name' | 'type'>;

export function useCreateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewApplication) => createApplication(getApiClient(), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listTenantInvites, sendInvite } from '../../../api/endpoints/identity';
import { getApiClient } from '../../../lib/api-client';

const tenantInviteKeys = {
  all: ['tenant-invites'] as const,
  list: (tenantId: string) => [...tenantInviteKeys.all, { tenantId }] as const,
};

const tenantInvitesQueryOptions = (tenantId: string) =>
  queryOptions({
    queryKey: tenantInviteKeys.list(tenantId),
    queryFn: async () => (await listTenantInvites(getApiClient())).data,
  });

export const useTenantInvites = (tenantId: string) => useQuery(tenantInvitesQueryOptions(tenantId));

/** Creates an invite, or resends the pending one for that email. */
export function useSendInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => sendInvite(getApiClient(), email),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantInviteKeys.all }),
  });
}

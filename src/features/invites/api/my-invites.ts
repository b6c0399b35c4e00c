import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answerInvite, listMyInvites } from '../../../api/endpoints/identity';
import type { InviteAnswer } from '../../../api/schemas/identity';
import { userTenantKeys } from '../../../lib/session/user-tenants';
import { withUserClient } from '../../../lib/session/user-client';

const inviteKeys = {
  all: ['invites'] as const,
  mine: (email: string) => [...inviteKeys.all, 'mine', { email }] as const,
};

export const myInvitesQueryOptions = (email: string) =>
  queryOptions({
    queryKey: inviteKeys.mine(email),
    queryFn: async () => {
      const invites = await withUserClient(listMyInvites);
      return invites.filter((invite) => invite.invitation_status === 'pending');
    },
  });

/** Accepting adds a tenant, so the tenant list is refetched and the picker shows it at once. */
export function useAnswerInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: InviteAnswer) => withUserClient((client) => answerInvite(client, answer)),
    onSuccess: async (_invite, answer) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: inviteKeys.all }),
        answer.invitation_status === 'accepted' && queryClient.invalidateQueries({ queryKey: userTenantKeys.all }),
      ]);
    },
  });
}

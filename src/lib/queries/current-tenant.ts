import { queryOptions, useQuery } from '@tanstack/react-query';
import { listTenantUsers } from '../../api/endpoints/identity';
import type { TenantUser } from '../../api/schemas/identity';
import { getApiClient } from '../api-client';

// The token decides the tenant ("current"); the id keeps one tenant's cache apart from another's.
const tenantKeys = {
  all: ['tenant'] as const,
  members: (tenantId: string) => [...tenantKeys.all, tenantId, 'members'] as const,
};

export const tenantMembersQueryOptions = (tenantId: string) =>
  queryOptions({
    queryKey: tenantKeys.members(tenantId),
    queryFn: async () => (await listTenantUsers(getApiClient())).data,
  });

/** How a person is shown: their name when they gave one, else their email; never their internal id. */
const personName = (member: Pick<TenantUser, 'email' | 'given_name' | 'surname'>): string =>
  [member.given_name, member.surname].filter(Boolean).join(' ') || member.email;

/** Shown for a user id the member list does not hold: someone who has left the tenant. */
export const FORMER_MEMBER = 'A former member';

/** user_id → the person's name or email, from the tenant's members; "…" while they load. */
export function useMemberNames(tenantId: string): (userId: string) => string {
  const members = useQuery(tenantMembersQueryOptions(tenantId));
  const names = new Map(members.data?.map((member) => [member.user_id, personName(member)]));
  return (userId) => names.get(userId) ?? (members.isPending ? '…' : FORMER_MEMBER);
}

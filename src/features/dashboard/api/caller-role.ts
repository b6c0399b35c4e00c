import { useQuery } from '@tanstack/react-query';
import type { Application } from '../../../api/types';
import { useSession } from '../../../lib/session/session-store';
import { tenantMembersQueryOptions } from '../../../lib/queries/current-tenant';

export interface CallerRole {
  isPending: boolean;
  isTenantAdmin: boolean;
  canManage: (application: Application) => boolean;
}

/** What the signed-in person may do in this tenant: their role comes from the member list. */
export function useCallerRole(tenantId: string): CallerRole {
  const session = useSession();
  const members = useQuery(tenantMembersQueryOptions(tenantId));
  const me = members.data?.find((member) => member.user_id === session?.userId);
  const isTenantAdmin = me?.role === 'tenant_admin';
  const email = session?.email.toLowerCase();
  return {
    isPending: members.isPending,
    isTenantAdmin,
    canManage: (application) =>
      isTenantAdmin || (!!email && application.app_managers.some((manager) => manager.toLowerCase() === email)),
  };
}

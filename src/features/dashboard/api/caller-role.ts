import { useQuery } from '@tanstack/react-query';
import type { Application } from '../../../api/types';
import { useSession } from '../../../lib/session/session-store';
import { tenantMembersQueryOptions } from '../../../lib/queries/current-tenant';
import { applicationsQueryOptions } from './applications';

export interface CallerRole {
  isPending: boolean;
  isTenantAdmin: boolean;
  /** A tenant admin, or the manager of at least one application: someone who runs applications, not only labels. */
  managesAny: boolean;
  canManage: (application: Application) => boolean;
}

/** What the signed-in person may do in this tenant: their role comes from the member list, their apps from the apps. */
export function useCallerRole(tenantId: string): CallerRole {
  const session = useSession();
  const members = useQuery(tenantMembersQueryOptions(tenantId));
  const applications = useQuery(applicationsQueryOptions(tenantId));
  const me = members.data?.find((member) => member.user_id === session?.userId);
  const isTenantAdmin = me?.role === 'tenant_admin';
  const email = session?.email.toLowerCase();
  const canManage = (application: Application) =>
    isTenantAdmin || (!!email && application.app_managers.some((manager) => manager.toLowerCase() === email));
  return {
    isPending: members.isPending || applications.isPending,
    isTenantAdmin,
    managesAny: isTenantAdmin || (applications.data ?? []).some(canManage),
    canManage,
  };
}

import { useQuery } from '@tanstack/react-query';
import type { Application } from '../../api/schemas/application';
import { useSession } from '../session/session-store';
import { tenantMembersQueryOptions } from './current-tenant';

export interface ManageRule {
  isPending: boolean;
  isTenantAdmin: boolean;
  /** Tenant administrators manage every application; its app managers (by email) manage it too. */
  canManage: (application: Application) => boolean;
}

/** Which applications the signed-in person manages in this tenant: their role comes from the member list. */
export function useManageRule(tenantId: string): ManageRule {
  const session = useSession();
  const members = useQuery(tenantMembersQueryOptions(tenantId));
  const me = members.data?.find((member) => member.user_id === session?.userId);
  const isTenantAdmin = me?.role === 'tenant_admin';
  const email = session?.email.toLowerCase();
  const canManage = (application: Application) =>
    isTenantAdmin || (!!email && application.app_managers.some((manager) => manager.toLowerCase() === email));
  return { isPending: members.isPending, isTenantAdmin, canManage };
}

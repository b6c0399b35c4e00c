import { useQuery } from '@tanstack/react-query';
import type { Application } from '../../../api/schemas/application';
import { useManageRule } from '../../../lib/queries/can-manage';
import { applicationsQueryOptions } from './applications-query';

export interface CallerRole {
  isPending: boolean;
  isTenantAdmin: boolean;
  /** A tenant admin, or the manager of at least one application: someone who runs applications, not only labels. */
  managesAny: boolean;
  canManage: (application: Application) => boolean;
}

/** What the signed-in person may do in this tenant: their role comes from the member list, their apps from the apps. */
export function useCallerRole(tenantId: string): CallerRole {
  const rule = useManageRule(tenantId);
  const applications = useQuery(applicationsQueryOptions(tenantId));
  return {
    isPending: rule.isPending || applications.isPending,
    isTenantAdmin: rule.isTenantAdmin,
    managesAny: rule.isTenantAdmin || (applications.data ?? []).some(rule.canManage),
    canManage: rule.canManage,
  };
}

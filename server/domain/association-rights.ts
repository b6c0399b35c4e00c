import { and, eq, inArray } from 'drizzle-orm';
import type { AuthContext } from '../auth/context';
import type { Database } from '../db';
import { applications } from '../db/schema';
import { forbidden } from '../errors';
import type { AssertionRow } from './assertions';
import { canManageApplication } from './applications';

const REMOVE_ASSOCIATION_REFUSAL =
  'You may remove only associations you made yourself (your captures and answers). Ask a tenant administrator, ' +
  'or a manager of the application whose model or labellers made it.';

/**
 * Whether the caller may remove an association, that is every one of these assertions: a tenant admin may remove
 * any; anyone else the assertions they made themselves, and, as a manager of an application, those made inside it
 * (its model's, its labellers' answers). Others' assertions made outside any application (an upload to a subject)
 * are the admin's to remove. Throws 403 otherwise.
 */
export async function requireMayRemove(
  db: Database,
  auth: AuthContext,
  removed: readonly Pick<AssertionRow, 'userId' | 'appId'>[],
): Promise<void> {
  if (auth.role === 'tenant_admin') return;
  const others = removed.filter((row) => row.userId !== auth.userId);
  if (others.length === 0) return;
  const appIds = [...new Set(others.map((row) => row.appId))];
  if (appIds.includes(null)) throw forbidden(REMOVE_ASSOCIATION_REFUSAL);
  const apps = await db
    .select()
    .from(applications)
    .where(and(eq(applications.tenantId, auth.tenantId), inArray(applications.applicationId, appIds as string[])));
  if (apps.length < appIds.length || !apps.every((app) => canManageApplication(auth, app))) {
    throw forbidden(REMOVE_ASSOCIATION_REFUSAL);
  }
}

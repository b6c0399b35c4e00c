import { kindOf } from '../../src/api/types';
import type { Database } from '../db';
import { listActiveApplicationsWithInput } from '../domain/applications';
import { moduleOfKind } from '../types/registry';

/**
 * Whether an upload to the subject may be a plan (server/media/open-image.ts, PLAN_MAX_PIXELS): an active application
 * that reads plans (a retiler) takes the subject as input.
 */
export async function subjectTakesPlans(db: Database, tenantId: string, subjectUid: string): Promise<boolean> {
  const readers = await listActiveApplicationsWithInput(db, tenantId, subjectUid);
  return readers.some((app) => kindOf(app.type) === 'pipeline' && moduleOfKind('pipeline', app.type).readsPlans === true);
}

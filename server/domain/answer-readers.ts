import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AuthContext } from '../auth/context';
import type { Database } from '../db';
import { applications } from '../db/schema';
import { canManageApplication, type ApplicationRow } from './applications';

/**
 * Whose answers a caller may read. People's answers, and the decisions made from them, belong to the managers of
 * their application (tenant administrators and its app managers); anyone else, a labeller, reads the models'
 * assertions, the uploads' associations and their own answers only. So nothing tells a labeller that an item they
 * are served is gold: its truth (a decided answer, or a manager's) shows nowhere, as nobody's answer on a request
 * they are served shows. And a labeller answers an item without seeing how someone else did.
 */
export interface AnswerReader {
  userId: string;
  /** The applications whose every answer the caller reads: all of the tenant's, or these. */
  manages: 'all' | readonly string[];
}

/** The caller as a reader of every application of their tenant (one query for an app manager). */
export async function answerReaderOf(db: Database, auth: AuthContext): Promise<AnswerReader> {
  if (auth.role === 'tenant_admin') return { userId: auth.userId, manages: 'all' };
  const managed = await db
    .select({ id: applications.applicationId })
    .from(applications)
    .where(and(eq(applications.tenantId, auth.tenantId), sql`${applications.appManagers} @> ${JSON.stringify([auth.email.toLowerCase()])}::jsonb`));
  return { userId: auth.userId, manages: managed.map((row) => row.id) };
}

/** The caller as a reader of one application. */
export const answerReaderFor = (auth: AuthContext, appRow: ApplicationRow): AnswerReader => ({
  userId: auth.userId,
  manages: canManageApplication(auth, appRow) ? [appRow.applicationId] : [],
});

const managedBy = (reader: AnswerReader, appId: SQLWrapper): SQL =>
  reader.manages === 'all'
    ? sql`true`
    : reader.manages.length === 0
      ? sql`false`
      : sql`${appId} IN (SELECT jsonb_array_elements_text(${JSON.stringify(reader.manages)}::jsonb))`;

/** Whether the reader may see an assertion, given its application and user columns. */
export const visibleAssertion = (reader: AnswerReader, appId: SQLWrapper, userId: SQLWrapper): SQL =>
  sql`(${userId} IS NULL OR ${appId} IS NULL OR ${userId} = ${reader.userId} OR ${managedBy(reader, appId)})`;

/**
 * Whether the reader may see what was decided on an item (an application's media item and focus key): in an
 * application they manage, or on an item they answered themselves.
 */
export const visibleItem = (reader: AnswerReader, item: { appId: SQLWrapper; mediaId: SQLWrapper; focusKey: SQLWrapper }): SQL =>
  sql`(${managedBy(reader, item.appId)} OR EXISTS (SELECT 1 FROM assertions AS own
    WHERE own.app_id = ${item.appId} AND own.media_id = ${item.mediaId} AND own.focus_key = ${item.focusKey} AND own.user_id = ${reader.userId}))`;

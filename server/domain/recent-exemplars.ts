import { eq } from 'drizzle-orm';
import type { Database } from '../db';
import { applications } from '../db/schema';
import { mergeTemplates, templatesIn, type ExemplarTemplate } from '../vision/exemplars/templates';

/**
 * Remembers a subject's exemplars (newest first) for the application's next model runs: what a labeller showed once
 * is looked for in the next images at once, before any release (which keeps them: see feedback/release.ts).
 */
export async function rememberExemplars(db: Database, applicationId: string, subjectUid: string, templates: readonly ExemplarTemplate[]): Promise<void> {
  if (templates.length === 0) return;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ recent: applications.recentExemplars })
      .from(applications)
      .where(eq(applications.applicationId, applicationId))
      .for('update');
    if (!row) return;
    const recentExemplars = mergeTemplates({ [subjectUid]: [...templates] }, templatesIn(row.recent));
    await tx.update(applications).set({ recentExemplars }).where(eq(applications.applicationId, applicationId));
  });
}

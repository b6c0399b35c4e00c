import { sql } from 'drizzle-orm';
import type { AppData } from '../../src/api/types';
import type { Database } from '../db';
import { rowsOf } from '../db/json-row';

/**
 * One decided label of an application's media item, as an export writes it. `subject_uid` is the subject the item
 * shows, with its app_data (null for types whose True answers carry none); a label without `subject_uid` says only
 * that the item was looked at and shows nothing of a subject (a False answer): the item is exported with no marks.
 */
export interface ExportLabel {
  media_id: string;
  subject_uid?: string;
  app_data: AppData | null;
  /** Unix seconds of the decision. */
  decided_at: number;
}

interface AnswerRow {
  media_id: string;
  subject_uid: string;
  present: boolean;
  app_data: AppData | null;
  decided_at: number;
}

/**
 * The labels an export takes: the latest human answer per media item and subject in the application (by decision
 * time, then arrival), over every labeller and focus. The one place to swap in another source of decided labels.
 */
export async function listExportLabels(db: Database, appId: string): Promise<ExportLabel[]> {
  const result = await db.execute(sql`
    SELECT DISTINCT ON (media_id, subject_uid) media_id, subject_uid, probability >= 0.5 AS present, app_data,
      COALESCE(decision_time, created_at) AS decided_at
    FROM assertions
    WHERE app_id = ${appId} AND user_id IS NOT NULL AND current
    ORDER BY media_id, subject_uid, COALESCE(decision_time, created_at) DESC, seq DESC`);
  return rowsOf<AnswerRow>(result).map((row) =>
    row.present
      ? { media_id: row.media_id, subject_uid: row.subject_uid, app_data: row.app_data, decided_at: row.decided_at }
      : { media_id: row.media_id, app_data: null, decided_at: row.decided_at },
  );
}

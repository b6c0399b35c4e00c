import type { AppData } from '../../src/api/application-types/answer';
import type { Database } from '../db';
import { listConsensusLabels } from '../domain/consensus';

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

/**
 * The labels an export takes: each item's consensus (agreed, decided in review, or with one labeller per item the
 * latest answer). Items still waiting for labellers or for review are left out.
 */
export async function listExportLabels(db: Database, appId: string): Promise<ExportLabel[]> {
  const labels = await listConsensusLabels(db, appId);
  return labels.map((label) =>
    label.result === 'True'
      ? { media_id: label.media_id, subject_uid: label.subject_uid, app_data: label.app_data as AppData | null, decided_at: label.decided_at }
      : { media_id: label.media_id, app_data: null, decided_at: label.decided_at },
  );
}

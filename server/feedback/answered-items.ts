import { inArray, sql } from 'drizzle-orm';
import type { AnswerSet } from '../../src/api/schemas/models';
import type { AppData, FeedbackSubjectAnswer, Focus } from '../../src/api/types';
import type { Database } from '../db';
import { media } from '../db/schema';
import type { ApplicationRow } from '../domain/applications';
import { focusKey } from '../domain/assertions';
import { listConsensusLabels } from '../domain/consensus';
import { readMediaBytes, type MediaRow } from '../domain/media';
import type { BlobStore } from '../media/blob-store';
import type { TypeModule } from '../types/type-module';
import type { ValidationExample } from './validation';

/** A media item (and focus) with its decided answers: what a model learns from or is measured on. */
export interface AnsweredItem {
  mediaRow: MediaRow;
  focus: Focus | null;
  answers: FeedbackSubjectAnswer[];
}

/**
 * The application's decided labels (its consensus: agreed, decided in review, or with one labeller per item the
 * latest answer), grouped per media item and focus, newest decision first, in their two sets (the media item's
 * `answer_set`, as recorded in its answers' `set_assignment`): at most `limits` items of each (Infinity: all).
 */
export async function answeredItems(
  db: Database,
  appRow: ApplicationRow,
  module: TypeModule,
  limits: Record<AnswerSet, number>,
): Promise<Record<AnswerSet, AnsweredItem[]>> {
  const labels = (await listConsensusLabels(db, appRow.applicationId)).reverse();
  const mediaIds = [...new Set(labels.map((label) => label.media_id))];
  const mediaRows = mediaIds.length === 0 ? [] : await db.select({ mediaRow: media, set: sql<AnswerSet>`answer_set(${media.mediaId})` }).from(media).where(inArray(media.mediaId, mediaIds));
  const mediaById = new Map(mediaRows.map((row) => [row.mediaRow.mediaId, row]));
  const appDataType = module.rule.appDataType;
  const sets = { training: new Map<string, AnsweredItem>(), validation: new Map<string, AnsweredItem>() };
  for (const label of labels) {
    const found = mediaById.get(label.media_id);
    if (!found) continue;
    const items = sets[found.set];
    const key = `${label.media_id}|${focusKey(label.focus)}`;
    let item = items.get(key);
    if (!item) {
      if (items.size >= limits[found.set]) continue;
      item = { mediaRow: found.mediaRow, focus: label.focus, answers: [] };
      items.set(key, item);
    }
    item.answers.push({
      subject_uid: label.subject_uid,
      result: label.result,
      ...(label.result === 'True' && appDataType && label.app_data != null ? { app_data_type: appDataType, app_data: label.app_data as AppData } : {}),
    });
  }
  return { training: [...sets.training.values()], validation: [...sets.validation.values()] };
}

/** The items with their image bytes, ready to measure a model on or fit one to. */
export const withImages = (blobs: BlobStore, items: AnsweredItem[]): Promise<ValidationExample[]> =>
  Promise.all(items.map(async (item) => ({ image: await readMediaBytes(blobs, item.mediaRow), focus: item.focus, answers: item.answers })));

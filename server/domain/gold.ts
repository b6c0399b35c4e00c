import { isDeepStrictEqual } from 'node:util';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { ItemAnswer } from '../../src/api/application-types/answer';
import { feedbackAnswerErrors } from '../../src/api/schemas/feedback';
import type { GoldItem, GoldSource } from '../../src/api/schemas/gold';
import type { Focus } from '../../src/api/types';
import type { Database } from '../db';
import { rowsOf } from '../db/json-row';
import { goldItems, media, type QueuedProposal } from '../db/schema';
import { unixNow } from '../db/unix-time';
import { invalid, notFound } from '../errors';
import type { ApplicationRow } from './applications';
import { focusKey } from './assertions';
import { decidedAnswer } from './consensus';
import { getMediaRow, type MediaRow } from './media';

type GoldItemRow = typeof goldItems.$inferSelect;

const toGoldItem = (row: GoldItemRow): GoldItem => ({
  application_id: row.appId,
  media_id: row.mediaId,
  focus: row.focus,
  subjects: row.subjects,
  source: row.source,
  created_by: row.createdBy,
  created_at: row.createdAt,
});

/**
 * What a labeller is shown for the item, as the queue shows it: the waiting feedback request's proposals, else the
 * model's current assertions on the item (one per subject, as a request lists them).
 */
async function currentProposals(db: Database, appId: string, mediaId: string, key: string): Promise<QueuedProposal[]> {
  const result = await db.execute(sql`
    SELECT COALESCE(
      (SELECT proposals FROM feedback_queue WHERE app_id = ${appId} AND media_id = ${mediaId} AND focus_key = ${key}),
      (SELECT jsonb_agg(jsonb_build_object('subject_uid', subject_uid, 'probability', probability, 'uncal_prob', uncal_prob,
          'app_data_type', app_data_type, 'app_data', app_data) ORDER BY seq)
       FROM assertions
       WHERE app_id = ${appId} AND media_id = ${mediaId} AND focus_key = ${key} AND current AND user_id IS NULL),
      '[]'::jsonb) AS proposals`);
  return rowsOf<{ proposals: QueuedProposal[] }>(result)[0]?.proposals ?? [];
}

/** A gold item to store: its item, its truth, and who made it so. */
export interface NewGold {
  mediaRow: MediaRow;
  focus: Focus | null;
  subjects: ItemAnswer;
  source: GoldSource;
  createdBy: string | null;
}

/**
 * Stores the item as gold with the model's current proposals; marking it again replaces its truth and proposals (the
 * scores of earlier servings stay). The truth must have passed the application's answer rules.
 */
export async function storeGold(db: Database, appRow: ApplicationRow, gold: NewGold): Promise<GoldItem> {
  const key = focusKey(gold.focus);
  const values = {
    subjects: gold.subjects,
    proposals: await currentProposals(db, appRow.applicationId, gold.mediaRow.mediaId, key),
    source: gold.source,
    createdBy: gold.createdBy,
    createdAt: unixNow(),
  };
  const [row] = await db
    .insert(goldItems)
    .values({ appId: appRow.applicationId, mediaId: gold.mediaRow.mediaId, focusKey: key, focus: gold.focus, ...values })
    .onConflictDoUpdate({ target: [goldItems.appId, goldItems.mediaId, goldItems.focusKey], set: values })
    .returning();
  return toGoldItem(row!);
}

/** Whether the item (the whole media) is gold with exactly this truth already. */
export async function sameGold(db: Database, appId: string, mediaId: string, subjects: ItemAnswer): Promise<boolean> {
  const [row] = await db
    .select({ subjects: goldItems.subjects })
    .from(goldItems)
    .where(and(eq(goldItems.appId, appId), eq(goldItems.mediaId, mediaId), eq(goldItems.focusKey, '')));
  return row !== undefined && isDeepStrictEqual(row.subjects, subjects);
}

/** The answer rules' problems with a truth on the item: the rules `POST …/feedback` applies. */
const goldAnswerErrors = (appRow: ApplicationRow, mediaRow: MediaRow, focus: Focus | null, subjects: ItemAnswer) =>
  feedbackAnswerErrors(
    { media_id: mediaRow.mediaId, subjects: [...subjects], focus },
    { type: appRow.type, outputSubjects: appRow.outputSubjects, width: mediaRow.imageWidth, height: mediaRow.imageHeight },
  );

export interface MarkGold {
  mediaId: string;
  focus: Focus | null;
  /** The truth; without it, the item's decided answer. */
  subjects?: ItemAnswer | undefined;
}

/**
 * A manager marks an item gold: the subjects they give (checked by the answer rules), or the item's decided answer
 * (agreed, reviewed, or in a one-labeller application its latest answer). 404 for media the tenant does not have,
 * 400 for subjects the rules refuse or an item without a decided answer.
 */
export async function markGold(db: Database, appRow: ApplicationRow, mark: MarkGold, createdBy: string): Promise<GoldItem> {
  const mediaRow = await getMediaRow(db, appRow.tenantId, mark.mediaId);
  const subjects = mark.subjects ?? (await decidedAnswer(db, appRow.applicationId, mediaRow.mediaId, focusKey(mark.focus)));
  if (!subjects) {
    const message = 'This item has no decided answer yet: give the true subjects, or wait until its answer is decided.';
    throw invalid(message, [{ field: 'subjects', message }]);
  }
  const errors = goldAnswerErrors(appRow, mediaRow, mark.focus, subjects);
  if (errors.length > 0) throw invalid(`Invalid ${errors[0]!.field}: ${errors[0]!.message}`, errors);
  return storeGold(db, appRow, { mediaRow, focus: mark.focus, subjects, source: 'marked', createdBy });
}

/** Unmarks a gold item, with the answers labellers gave it; 404 when the item is not gold. */
export async function unmarkGold(db: Database, appId: string, mediaId: string, key: string): Promise<void> {
  const deleted = await db
    .delete(goldItems)
    .where(and(eq(goldItems.appId, appId), eq(goldItems.mediaId, mediaId), eq(goldItems.focusKey, key)))
    .returning({ mediaId: goldItems.mediaId });
  if (deleted.length === 0) throw notFound('This item is not gold.');
}

export interface GoldPage {
  items: { item: GoldItem; mediaRow: MediaRow; answered: number; meanScore: number | null }[];
  nextOffset: number | null;
}

/** The servings of the gold item of the row (as `ga`), for a subquery. */
const servingsOf = sql`gold_answers AS ga WHERE ga.app_id = ${goldItems.appId} AND ga.media_id = ${goldItems.mediaId} AND ga.focus_key = ${goldItems.focusKey}`;

/**
 * A page of the application's gold items, newest first, with their media, how many labellers answered each and their
 * mean score; only those of `mediaIds` when given.
 */
export async function pageGold(db: Database, appId: string, page: { limit: number; offset: number; mediaIds?: readonly string[] | undefined }): Promise<GoldPage> {
  const rows = await db
    .select({
      gold: goldItems,
      mediaRow: media,
      answered: sql<number>`(SELECT count(*)::integer FROM ${servingsOf} AND ga.answered_at IS NOT NULL)`,
      meanScore: sql<number | null>`(SELECT avg(ga.score) FROM ${servingsOf})`,
    })
    .from(goldItems)
    .innerJoin(media, eq(media.mediaId, goldItems.mediaId))
    .where(and(eq(goldItems.appId, appId), page.mediaIds ? inArray(goldItems.mediaId, [...page.mediaIds]) : undefined))
    .orderBy(sql`${goldItems.createdAt} DESC`, asc(goldItems.mediaId), asc(goldItems.focusKey))
    .limit(page.limit + 1)
    .offset(page.offset);
  return {
    items: rows.slice(0, page.limit).map((row) => ({ item: toGoldItem(row.gold), mediaRow: row.mediaRow, answered: row.answered, meanScore: row.meanScore })),
    nextOffset: rows.length > page.limit ? page.offset + page.limit : null,
  };
}

export async function countGold(db: Database, appId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(goldItems).where(eq(goldItems.appId, appId));
  return row?.n ?? 0;
}

import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ItemAnswer } from '../../src/api/application-types/answer';
import { answerRuleOf } from '../../src/api/application-types';
import type { ConsensusEntry, ConsensusSource } from '../../src/api/schemas/consensus';
import type { Focus } from '../../src/api/types';
import type { Database } from '../db';
import { newId } from '../db/ids';
import { rowsOf } from '../db/json-row';
import { consensusItems, type ConsensusStatus, type LabellerAnswer } from '../db/schema';
import type { ApplicationRow } from './applications';
import { visibleItem, type AnswerReader } from './answer-readers';
import { focusKey } from './assertions';
import { unixNow } from '../db/unix-time';

/** What deciding an item's consensus needs of its application. */
export type ConsensusApplication = Pick<ApplicationRow, 'applicationId' | 'tenantId' | 'type' | 'labellersPerItem' | 'consensusTolerance'>;

/** A current answer (assertion) as one entry of a feedback body's subjects; columns unqualified, for any FROM assertions. */
export const answerEntrySql = sql`jsonb_strip_nulls(jsonb_build_object('subject_uid', subject_uid,
  'result', CASE WHEN probability >= 0.5 THEN 'True' ELSE 'False' END, 'app_data_type', app_data_type, 'app_data', app_data))`;

/** Each labeller's current answer to the item, earliest decision first. */
async function labellerAnswers(db: Database, appId: string, mediaId: string, key: string): Promise<LabellerAnswer[]> {
  const result = await db.execute(sql`
    SELECT user_id, jsonb_agg(${answerEntrySql} ORDER BY seq) AS subjects,
      max(COALESCE(decision_time, created_at)) AS decision_time
    FROM assertions
    WHERE app_id = ${appId} AND media_id = ${mediaId} AND focus_key = ${key} AND current AND user_id IS NOT NULL
    GROUP BY user_id
    ORDER BY min(COALESCE(decision_time, created_at)), user_id`);
  return rowsOf<LabellerAnswer>(result);
}

/** Whether two answers agree under the application's rule (and tolerance). */
export function answersAgree(app: Pick<ConsensusApplication, 'type' | 'consensusTolerance'>, a: ItemAnswer, b: ItemAnswer): boolean {
  return answerRuleOf(app.type)?.agree([a, b], app.consensusTolerance) != null;
}

/**
 * After an answer: once `labellers_per_item` (2 or more) distinct labellers answered the item, their answers are
 * judged by the application type's rule. Agreement stores the agreed answer; a disagreement puts the item in the
 * review queue. An item is decided once: later answers change nothing here. Returns the new status, if any.
 */
export async function decideConsensus(db: Database, app: ConsensusApplication, mediaId: string, focus: Focus | null): Promise<ConsensusStatus | null> {
  if (app.labellersPerItem <= 1) return null;
  const key = focusKey(focus);
  const answers = await labellerAnswers(db, app.applicationId, mediaId, key);
  if (answers.length < app.labellersPerItem) return null;
  const agreed = answerRuleOf(app.type)?.agree(answers.map((answer) => answer.subjects), app.consensusTolerance) ?? null;
  const now = unixNow();
  const status: ConsensusStatus = agreed ? 'agreed' : 'in_review';
  const inserted = await db
    .insert(consensusItems)
    .values({
      consensusId: newId('cns'),
      tenantId: app.tenantId,
      appId: app.applicationId,
      mediaId,
      focusKey: key,
      focus,
      status,
      answers,
      subjects: agreed,
      createdAt: now,
      decidedAt: agreed ? now : null,
    })
    .onConflictDoNothing()
    .returning({ status: consensusItems.status });
  return inserted[0]?.status ?? null;
}

/** A decided item: stored (agreed or reviewed) or, in a one-labeller application, its latest answer. */
interface DecidedRow {
  consensus_id: string | null;
  app_id: string;
  media_id: string;
  focus: Focus | null;
  subjects: ItemAnswer;
  source: ConsensusSource;
  decided_at: number;
}

export interface DecidedQuery {
  /** Decided at or after / at or before (Unix seconds). */
  start?: number;
  end?: number;
  /** Only items whose decided answer names this subject. */
  subjectUid?: string;
  /** Only this item (media item and focus key). */
  item?: { mediaId: string; focusKey: string };
  /** Newest first (the default), or oldest first. */
  newestFirst?: boolean;
  limit?: number;
  offset?: number;
  /** Count latest answers as decided whatever the application's labellers per item (when it is about to change). */
  singlesAlways?: boolean;
  /** Only the items this reader may see decided (a labeller: those they answered); all without one. */
  reader?: AnswerReader;
}

/**
 * The decided items of these applications, one per media item and focus. Stored decisions (agreed, or a manager's
 * review) count in every application; in an application with one labeller per item, an item without one is decided
 * by its latest answer (`single`). Items waiting for more labellers or for review are not decided.
 */
async function decidedItems(db: Database, appIds: readonly string[], query: DecidedQuery = {}): Promise<DecidedRow[]> {
  const filters: SQL[] = [sql`true`];
  if (query.start !== undefined) filters.push(sql`decided_at >= ${query.start}`);
  if (query.end !== undefined) filters.push(sql`decided_at <= ${query.end}`);
  if (query.subjectUid !== undefined) filters.push(sql`subjects @> ${JSON.stringify([{ subject_uid: query.subjectUid }])}::jsonb`);
  if (query.item !== undefined) filters.push(sql`media_id = ${query.item.mediaId} AND focus_key = ${query.item.focusKey}`);
  if (query.reader !== undefined) {
    filters.push(visibleItem(query.reader, { appId: sql`decided.app_id`, mediaId: sql`decided.media_id`, focusKey: sql`decided.focus_key` }));
  }
  const order = query.newestFirst === false ? sql`decided_at, media_id, focus_key` : sql`decided_at DESC, media_id, focus_key`;
  const page = query.limit === undefined ? sql`` : sql`LIMIT ${query.limit} OFFSET ${query.offset ?? 0}`;
  const result = await db.execute(sql`
    WITH apps AS (
      SELECT application_id, labellers_per_item FROM applications
      WHERE application_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(appIds)}::jsonb))
    ), stored AS (
      SELECT c.consensus_id, c.app_id, c.media_id, c.focus, c.focus_key, c.subjects,
        CASE c.status WHEN 'in_review' THEN 'review' WHEN 'reviewed' THEN 'review' ELSE c.status END AS source, c.decided_at
      FROM consensus_items AS c JOIN apps ON apps.application_id = c.app_id
      WHERE c.decided_at IS NOT NULL
    ), latest AS (
      SELECT DISTINCT ON (a.app_id, a.media_id, a.focus_key) a.app_id, a.media_id, a.focus, a.focus_key, a.user_id,
        COALESCE(a.decision_time, a.created_at) AS decided_at
      FROM assertions AS a JOIN apps ON apps.application_id = a.app_id AND (apps.labellers_per_item = 1 OR ${query.singlesAlways === true})
      WHERE a.current AND a.user_id IS NOT NULL
        AND NOT EXISTS (
          SELECT 1 FROM consensus_items AS c WHERE c.app_id = a.app_id AND c.media_id = a.media_id AND c.focus_key = a.focus_key
        )
      ORDER BY a.app_id, a.media_id, a.focus_key, COALESCE(a.decision_time, a.created_at) DESC, a.seq DESC
    ), single AS (
      SELECT NULL::text AS consensus_id, l.app_id, l.media_id, l.focus, l.focus_key,
        (SELECT jsonb_agg(${answerEntrySql} ORDER BY seq) FROM assertions
         WHERE app_id = l.app_id AND media_id = l.media_id AND focus_key = l.focus_key AND user_id = l.user_id AND current) AS subjects,
        'single' AS source, l.decided_at
      FROM latest AS l
    )
    SELECT consensus_id, app_id, media_id, focus, subjects, source, decided_at
    FROM (SELECT * FROM stored UNION ALL SELECT * FROM single) AS decided
    WHERE ${sql.join(filters, sql` AND `)}
    ORDER BY ${order}
    ${page}`);
  return rowsOf<DecidedRow>(result);
}

const toConsensusEntry = (row: DecidedRow): ConsensusEntry => ({
  consensus_id: row.consensus_id,
  application_id: row.app_id,
  media_id: row.media_id,
  focus: row.focus,
  subjects: row.subjects,
  source: row.source,
  decided_at: row.decided_at,
});

/** A page of decided items of these applications; `nextOffset` is null on the last page. */
export async function pageDecided(db: Database, appIds: readonly string[], query: DecidedQuery & { limit: number }) {
  const rows = await decidedItems(db, appIds, { ...query, limit: query.limit + 1 });
  const entries = rows.slice(0, query.limit).map(toConsensusEntry);
  return { entries, nextOffset: rows.length > query.limit ? (query.offset ?? 0) + query.limit : null };
}

/** The item's decided answer, or null while it has none. */
export async function decidedAnswer(db: Database, appId: string, mediaId: string, focusKey: string): Promise<ItemAnswer | null> {
  const [row] = await decidedItems(db, [appId], { item: { mediaId, focusKey } });
  return row?.subjects ?? null;
}

/** The number of items decided by a time. */
export async function countDecided(db: Database, appId: string, end: number): Promise<number> {
  return (await decidedItems(db, [appId], { end })).length;
}

/** One final label of a media item (and focus) for one subject, as an export writes it. */
export interface ConsensusLabel {
  media_id: string;
  focus: Focus | null;
  subject_uid: string;
  result: 'True' | 'False';
  /** The answer's app_data (boxes, a count, an offset, points), or null when the type carries none or it is False. */
  app_data: unknown;
  decided_at: number;
  source: ConsensusSource;
}

/**
 * The final labels of an application, per media item (and focus) and subject, oldest decision first: the agreed
 * answer, a manager's review decision, or, with one labeller per item, the latest answer. Items still waiting for
 * labellers or for review have none.
 */
export async function listConsensusLabels(db: Database, appId: string): Promise<ConsensusLabel[]> {
  const rows = await decidedItems(db, [appId], { newestFirst: false });
  return rows.flatMap((row) =>
    row.subjects.map((entry) => ({
      media_id: row.media_id,
      focus: row.focus,
      subject_uid: entry.subject_uid,
      result: entry.result,
      app_data: entry.app_data ?? null,
      decided_at: row.decided_at,
      source: row.source,
    })),
  );
}

const INSERT_CHUNK = 500;

/**
 * When an application goes from one labeller per item to several: each item's latest answer, its label so far, is
 * stored as decided (`single`), so that the items answered until now keep their labels instead of waiting for more.
 */
export async function keepSingleLabels(db: Database, app: Pick<ApplicationRow, 'applicationId' | 'tenantId'>): Promise<number> {
  const singles = (await decidedItems(db, [app.applicationId], { singlesAlways: true })).filter((row) => row.source === 'single');
  const now = unixNow();
  for (let start = 0; start < singles.length; start += INSERT_CHUNK) {
    const rows = singles.slice(start, start + INSERT_CHUNK).map((row) => ({
      consensusId: newId('cns'),
      tenantId: app.tenantId,
      appId: app.applicationId,
      mediaId: row.media_id,
      focusKey: focusKey(row.focus),
      focus: row.focus,
      status: 'single' as const,
      answers: [],
      subjects: row.subjects,
      createdAt: now,
      decidedAt: row.decided_at,
    }));
    await db.insert(consensusItems).values(rows).onConflictDoNothing();
  }
  return singles.length;
}

/** The stored consensus item of the application, or undefined. */
export async function getConsensusItem(db: Database, appId: string, consensusId: string) {
  const [row] = await db
    .select()
    .from(consensusItems)
    .where(and(eq(consensusItems.appId, appId), eq(consensusItems.consensusId, consensusId)));
  return row;
}

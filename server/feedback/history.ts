import { sql } from 'drizzle-orm';
import type { AnswerBucket, AnswerCount, AnsweredFeedback, WaitingFeedback } from '../../src/api/schemas/feedback-history';
import type { Database } from '../db';
import { rowsOf } from '../db/json-row';
import { ACCEPT_PROBABILITY } from '../../src/api/presence';
import { visibleAssertion, type AnswerReader } from '../domain/answer-readers';

/**
 * One answer is one feedback message: the assertions one person stored on one media item (and focus) at once.
 * Its cursor is the largest `seq` among them; pages run newest first.
 */
const ANSWERS = sql`
  SELECT media_id, focus_key, user_id, created_at, min(focus::text) AS focus, max(decision_time) AS decision_time,
    min(set_assignment) AS set_assignment, bool_or(current) AS current, max(seq) AS seq,
    json_agg(json_build_object('subject_uid', subject_uid, 'probability', probability,
      'app_data_type', app_data_type, 'app_data', app_data) ORDER BY seq) AS subjects
  FROM assertions`;

interface AnswerRow {
  media_id: string;
  user_id: string;
  created_at: number;
  focus: string | null;
  decision_time: number | null;
  set_assignment: AnsweredFeedback['set_assignment'];
  current: boolean;
  seq: number | string;
  subjects: { subject_uid: string; probability: number; app_data_type: AnsweredFeedback['subjects'][number]['app_data_type']; app_data: unknown }[];
}

export interface AnswerPage {
  answers: AnsweredFeedback[];
  /** The cursor of the next page, or null on the last one. */
  nextCursor: number | null;
}

/**
 * A page of the application's answers that the reader may see (a labeller: their own), newest first; `cursor` is the
 * one the previous page ended on.
 */
export async function pageAnswers(db: Database, appId: string, reader: AnswerReader, limit: number, cursor: number | null): Promise<AnswerPage> {
  const rows = rowsOf<AnswerRow>(
    await db.execute(sql`
      ${ANSWERS}
      WHERE app_id = ${appId} AND user_id IS NOT NULL AND ${visibleAssertion(reader, sql`app_id`, sql`user_id`)}
      GROUP BY media_id, focus_key, user_id, created_at
      ${cursor === null ? sql`` : sql`HAVING max(seq) < ${cursor}`}
      ORDER BY max(seq) DESC
      LIMIT ${limit + 1}`),
  );
  const page = rows.slice(0, limit);
  const answers = page.map((row) => ({
    media_id: row.media_id,
    focus: row.focus === null ? null : (JSON.parse(row.focus) as AnsweredFeedback['focus']),
    user_id: row.user_id,
    decision_time: row.decision_time === null ? null : Number(row.decision_time),
    created_at: Number(row.created_at),
    set_assignment: row.set_assignment,
    current: row.current,
    subjects: row.subjects.map((subject) => ({
      subject_uid: subject.subject_uid,
      result: subject.probability >= ACCEPT_PROBABILITY ? ('True' as const) : ('False' as const),
      app_data_type: subject.app_data_type,
      app_data: subject.app_data as AnsweredFeedback['subjects'][number]['app_data'],
    })),
  }));
  return { answers, nextCursor: rows.length > limit ? Number(page.at(-1)!.seq) : null };
}

/** Bucket length and how many buckets back the counts reach: two days by hour, thirty days by day (as the stats). */
const BUCKETS: Record<AnswerBucket, { seconds: number; count: number }> = {
  hour: { seconds: 3600, count: 48 },
  day: { seconds: 86_400, count: 30 },
};

/** How many answers the application has, and with a bucket, how many were given per bucket (only buckets with any). */
export async function countAnswers(db: Database, appId: string, bucket: AnswerBucket | null, nowSeconds: number): Promise<AnswerCount> {
  const answers = sql`
    SELECT COALESCE(max(decision_time), created_at) AS given FROM assertions
    WHERE app_id = ${appId} AND user_id IS NOT NULL
    GROUP BY media_id, focus_key, user_id, created_at`;
  const [total] = rowsOf<{ count: number | string }>(await db.execute(sql`SELECT count(*) AS count FROM (${answers}) AS a`));
  const count = Number(total?.count ?? 0);
  if (bucket === null) return { count };
  const { seconds, count: buckets } = BUCKETS[bucket];
  const since = (Math.floor(nowSeconds / seconds) - buckets + 1) * seconds;
  const width = sql.raw(String(seconds));
  const rows = rowsOf<{ t: number | string; count: number | string }>(
    await db.execute(sql`
      SELECT floor(given / ${width}) * ${width} AS t, count(*) AS count FROM (${answers}) AS a
      WHERE given >= ${since}
      GROUP BY 1 ORDER BY 1`),
  );
  return { count, buckets: rows.map((row) => ({ t: Number(row.t), count: Number(row.count) })) };
}

interface WaitingRow {
  media_id: string;
  focus: WaitingFeedback['focus'];
  priority: number;
  created_at: number;
  scheduled_at: number;
  leased: boolean;
  proposals: WaitingFeedback['subjects'];
}

/** Up to `limit` scheduled feedback requests in the order labellers get them, without leasing any. */
export async function peekWaiting(db: Database, appId: string, limit: number, nowSeconds: number): Promise<WaitingFeedback[]> {
  const rows = rowsOf<WaitingRow>(
    await db.execute(sql`
      SELECT media_id, focus, priority, created_at, scheduled_at,
        COALESCE(leased_by IS NOT NULL AND lease_expires_at > ${nowSeconds}, false) AS leased, proposals
      FROM feedback_queue
      WHERE app_id = ${appId} AND scheduled_at IS NOT NULL
      ORDER BY 6, first_leased_at IS NULL, priority DESC, created_at
      LIMIT ${limit}`),
  );
  return rows.map((row) => ({
    media_id: row.media_id,
    focus: row.focus ?? null,
    priority: Number(row.priority),
    created_at: Number(row.created_at),
    scheduled_at: Number(row.scheduled_at),
    leased: row.leased,
    subjects: row.proposals.map(({ subject_uid, probability, app_data_type, app_data }) => ({ subject_uid, probability, app_data_type, app_data })),
  }));
}

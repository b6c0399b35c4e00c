import { sql } from 'drizzle-orm';
import { BREAK_SECONDS } from '../../src/api/schemas/labellers';
import type { Database } from '../db';
import { rowsOf } from '../db/json-row';
import { appIdSet, inWindow, periodOf, type FigureWindow } from './window';

export interface AnswerTimesRow {
  user_id: string;
  period: number;
  answers: number;
  active_seconds: number;
  /** Answers that have a decision time (not the first after a break). */
  timed: number;
  median: number | null;
  p90: number | null;
}

/**
 * Per labeller and period: the items they answered in the applications (each once, at its latest decision, gold
 * answers too), and how long each took: the gap from their previous answer in these applications, unless it is a
 * break. Gaps are taken over every answer, so the first answer of a window still has the one before it.
 */
export async function answerTimes(db: Database, appIds: readonly string[], window: FigureWindow): Promise<AnswerTimesRow[]> {
  const apps = appIdSet(appIds);
  const result = await db.execute(sql`
    WITH answers AS (
      SELECT user_id, max(COALESCE(decision_time, created_at)) AS t
      FROM assertions
      WHERE app_id IN ${apps} AND user_id IS NOT NULL AND current
      GROUP BY user_id, app_id, media_id, focus_key
      UNION ALL
      SELECT user_id, COALESCE(decision_time, answered_at) AS t
      FROM gold_answers
      WHERE app_id IN ${apps} AND answered_at IS NOT NULL
    ), gaps AS (
      SELECT user_id, t, t - lag(t) OVER (PARTITION BY user_id ORDER BY t) AS gap FROM answers
    ), worked AS (
      SELECT user_id, t, CASE WHEN gap <= ${BREAK_SECONDS} THEN gap END AS took FROM gaps WHERE ${inWindow(window, sql`t`)}
    )
    SELECT user_id, ${periodOf(window, sql`t`)} AS period, count(*)::integer AS answers,
      COALESCE(sum(took), 0)::double precision AS active_seconds, count(took)::integer AS timed,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY took) AS median,
      percentile_cont(0.9) WITHIN GROUP (ORDER BY took) AS p90
    FROM worked GROUP BY user_id, period`);
  return rowsOf<AnswerTimesRow>(result).map((row) => ({
    ...row,
    period: Number(row.period),
    active_seconds: Number(row.active_seconds),
    median: row.median === null ? null : Number(row.median),
    p90: row.p90 === null ? null : Number(row.p90),
  }));
}

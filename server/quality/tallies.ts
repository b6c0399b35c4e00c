import { and, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { rowsOf } from '../db/json-row';
import { consensusItems } from '../db/schema';
import { answersAgree, type ConsensusApplication } from '../domain/consensus';
import { appIdSet, inWindow, periodOf, periodStart, type FigureWindow } from './window';

/** A count (and, for gold, a sum of scores) of one labeller in one application and period. */
export interface Tally {
  user_id: string;
  app_id: string;
  period: number;
  count: number;
}

export interface GoldTally extends Tally {
  score_sum: number;
}

export interface ConsensusTally {
  user_id: string;
  app_id: string;
  period: number;
  decided: number;
  agreed: number;
  corrected: number;
}

/** Skips of regular requests (the skip log) and of gold items, by when they were skipped. */
export async function skipTallies(db: Database, appIds: readonly string[], window: FigureWindow): Promise<Tally[]> {
  const apps = appIdSet(appIds);
  const result = await db.execute(sql`
    WITH skips AS (
      SELECT user_id, app_id, skipped_at AS t FROM feedback_skip_log WHERE app_id IN ${apps}
      UNION ALL
      SELECT user_id, app_id, served_at AS t FROM gold_answers WHERE app_id IN ${apps} AND skipped
    )
    SELECT user_id, app_id, ${periodOf(window, sql`t`)} AS period, count(*)::integer AS count
    FROM skips WHERE ${inWindow(window, sql`t`)} GROUP BY user_id, app_id, period`);
  return rowsOf<Tally>(result).map((row) => ({ ...row, period: Number(row.period) }));
}

/** Scored gold answers, by when they were given. */
export async function goldTallies(db: Database, appIds: readonly string[], window: FigureWindow): Promise<GoldTally[]> {
  const time = sql`COALESCE(decision_time, answered_at)`;
  const result = await db.execute(sql`
    SELECT user_id, app_id, ${periodOf(window, time)} AS period, count(*)::integer AS count, sum(score)::double precision AS score_sum
    FROM gold_answers
    WHERE app_id IN ${appIdSet(appIds)} AND answered_at IS NOT NULL AND score IS NOT NULL AND ${inWindow(window, time)}
    GROUP BY user_id, app_id, period`);
  return rowsOf<GoldTally>(result).map((row) => ({ ...row, period: Number(row.period), score_sum: Number(row.score_sum) }));
}

/**
 * Items labellers agreed on: each of their answers agrees with the decision by construction (the type's rule found
 * them in agreement), so they are counted in the database.
 */
async function agreedTallies(db: Database, appIds: readonly string[], window: FigureWindow): Promise<ConsensusTally[]> {
  const result = await db.execute(sql`
    SELECT answer->>'user_id' AS user_id, c.app_id, ${periodOf(window, sql`c.decided_at`)} AS period, count(*)::integer AS decided
    FROM consensus_items AS c CROSS JOIN jsonb_array_elements(c.answers) AS answer
    WHERE c.app_id IN ${appIdSet(appIds)} AND c.status = 'agreed' AND ${inWindow(window, sql`c.decided_at`)}
    GROUP BY 1, 2, 3`);
  return rowsOf<Omit<ConsensusTally, 'agreed' | 'corrected'>>(result).map((row) => ({ ...row, period: Number(row.period), agreed: row.decided, corrected: 0 }));
}

/** Items a manager decided in review: each labeller's answer is judged against the decision by the type's rule. */
async function reviewedTallies(db: Database, apps: readonly ConsensusApplication[], window: FigureWindow): Promise<ConsensusTally[]> {
  const appsById = new Map(apps.map((app) => [app.applicationId, app]));
  const reviewed = await db
    .select({ appId: consensusItems.appId, answers: consensusItems.answers, subjects: consensusItems.subjects, decidedAt: consensusItems.decidedAt })
    .from(consensusItems)
    .where(
      and(
        inArray(consensusItems.appId, [...appsById.keys()]),
        eq(consensusItems.status, 'reviewed'),
        isNotNull(consensusItems.decidedAt),
        window.start === null ? undefined : gte(consensusItems.decidedAt, window.start),
        lte(consensusItems.decidedAt, window.end),
      ),
    );
  const tallies = new Map<string, ConsensusTally>();
  for (const item of reviewed) {
    const app = appsById.get(item.appId)!;
    const period = periodStart(window, item.decidedAt!);
    for (const answer of item.answers) {
      const key = `${answer.user_id}\u0000${item.appId}\u0000${period}`;
      const tally = tallies.get(key) ?? { user_id: answer.user_id, app_id: item.appId, period, decided: 0, agreed: 0, corrected: 0 };
      tally.decided += 1;
      if (item.subjects !== null && answersAgree(app, answer.subjects, item.subjects)) tally.agreed += 1;
      else tally.corrected += 1;
      tallies.set(key, tally);
    }
  }
  return [...tallies.values()];
}

/**
 * Per labeller, of the items consensus decided in the window (agreed, or resolved in review): how many they
 * answered, how many of their answers agree with the decision by the type's rule, and how many the review overruled.
 */
export async function consensusTallies(db: Database, apps: readonly ConsensusApplication[], window: FigureWindow): Promise<ConsensusTally[]> {
  if (apps.length === 0) return [];
  const appIds = apps.map((app) => app.applicationId);
  const [agreed, reviewed] = await Promise.all([agreedTallies(db, appIds, window), reviewedTallies(db, apps, window)]);
  return [...agreed, ...reviewed];
}

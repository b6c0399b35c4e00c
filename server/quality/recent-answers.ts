import { sql } from 'drizzle-orm';
import type { ItemAnswer } from '../../src/api/application-types/answer';
import type { Focus } from '../../src/api/types';
import type { Database } from '../db';
import { jsonRowOf, rowsOf } from '../db/json-row';
import { media } from '../db/schema';
import { answerEntrySql, answersAgree, type ConsensusApplication } from '../domain/consensus';
import type { MediaRow } from '../domain/media';

export interface RecentAnswer {
  mediaRow: MediaRow;
  focus: Focus | null;
  subjects: ItemAnswer;
  decisionTime: number;
  reference: ItemAnswer | null;
  referenceSource: 'gold' | 'consensus' | null;
  agrees: boolean | null;
  score: number | null;
}

interface AnswerRow {
  media_row: MediaRow;
  focus: Focus | null;
  subjects: ItemAnswer;
  decision_time: number;
  reference: ItemAnswer | null;
  gold: boolean;
  score: number | null;
}

/**
 * The labeller's latest answers in the application, gold answers among them, newest first: each with the gold truth
 * or the decision consensus reached on the item (agreed, or a manager's review), where there is one.
 */
export async function recentAnswers(db: Database, app: ConsensusApplication, userId: string, limit: number): Promise<RecentAnswer[]> {
  const appId = app.applicationId;
  const result = await db.execute(sql`
    WITH answered AS (
      SELECT media_id, focus_key, (array_agg(focus))[1] AS focus, jsonb_agg(${answerEntrySql} ORDER BY seq) AS subjects,
        max(COALESCE(decision_time, created_at)) AS decision_time
      FROM assertions WHERE app_id = ${appId} AND user_id = ${userId} AND current
      GROUP BY media_id, focus_key ORDER BY decision_time DESC LIMIT ${limit}
    ), judged AS (
      SELECT a.media_id, a.focus, a.subjects, a.decision_time, c.subjects AS reference, false AS gold, NULL::double precision AS score
      FROM answered AS a
      LEFT JOIN consensus_items AS c ON c.app_id = ${appId} AND c.media_id = a.media_id AND c.focus_key = a.focus_key
        AND c.status IN ('agreed', 'reviewed')
      UNION ALL
      SELECT g.media_id, i.focus, g.subjects, COALESCE(g.decision_time, g.answered_at), i.subjects, true, g.score
      FROM gold_answers AS g JOIN gold_items AS i USING (app_id, media_id, focus_key)
      WHERE g.app_id = ${appId} AND g.user_id = ${userId} AND g.answered_at IS NOT NULL
      ORDER BY decision_time DESC LIMIT ${limit}
    )
    SELECT judged.*, ${jsonRowOf(media)} AS media_row FROM judged JOIN media USING (media_id) ORDER BY decision_time DESC`);
  return rowsOf<AnswerRow>(result).map((row) => ({
    mediaRow: row.media_row,
    focus: row.focus,
    subjects: row.subjects,
    decisionTime: row.decision_time,
    reference: row.reference,
    referenceSource: row.reference === null ? null : row.gold ? 'gold' : 'consensus',
    agrees: row.reference === null || row.gold ? null : answersAgree(app, row.subjects, row.reference),
    score: row.score,
  }));
}

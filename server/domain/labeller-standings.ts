import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { LabellerStanding } from '../../src/api/schemas/consensus';
import type { Database } from '../db';
import { rowsOf } from '../db/json-row';
import { consensusItems } from '../db/schema';
import { answersAgree, type ConsensusApplication } from './consensus';
import { peopleById } from './reviews';

/** A gap between two answers longer than this is a pause, not the labeller's pace. */
const PAUSE_SECONDS = 300;
/** How many of the latest decided items the agreement with consensus is measured on. */
const RECENT_CONSENSUS_ITEMS = 1000;

interface PaceRow {
  user_id: string;
  answers: number;
  seconds_per_answer: number | null;
}

/** Items each labeller answered, and the median seconds between one answer and the next (pauses left out). */
async function answerPace(db: Database, appId: string): Promise<PaceRow[]> {
  const result = await db.execute(sql`
    WITH items AS (
      SELECT user_id, max(COALESCE(decision_time, created_at)) AS decided
      FROM assertions
      WHERE app_id = ${appId} AND user_id IS NOT NULL AND current
      GROUP BY user_id, media_id, focus_key
    ), gaps AS (
      SELECT user_id, decided - lag(decided) OVER (PARTITION BY user_id ORDER BY decided) AS gap FROM items
    )
    SELECT user_id, count(*)::integer AS answers,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY gap) FILTER (WHERE gap <= ${PAUSE_SECONDS}) AS seconds_per_answer
    FROM gaps GROUP BY user_id`);
  return rowsOf<PaceRow>(result);
}

/** Per labeller: decided items they answered among the latest, and in how many their answer agreed with the decision. */
async function agreementWithConsensus(db: Database, app: ConsensusApplication) {
  const decided = await db
    .select({ answers: consensusItems.answers, subjects: consensusItems.subjects })
    .from(consensusItems)
    .where(and(eq(consensusItems.appId, app.applicationId), isNotNull(consensusItems.decidedAt)))
    .orderBy(desc(consensusItems.decidedAt))
    .limit(RECENT_CONSENSUS_ITEMS);
  const tally = new Map<string, { items: number; agreed: number }>();
  for (const { answers, subjects } of decided) {
    for (const answer of answers) {
      const counts = tally.get(answer.user_id) ?? { items: 0, agreed: 0 };
      counts.items += 1;
      if (subjects && answersAgree(app, answer.subjects, subjects)) counts.agreed += 1;
      tally.set(answer.user_id, counts);
    }
  }
  return tally;
}

/** Every labeller of the application: answers, pace and agreement with consensus, most answers first. */
export async function labellerStandings(db: Database, app: ConsensusApplication): Promise<LabellerStanding[]> {
  const [pace, agreement] = await Promise.all([answerPace(db, app.applicationId), agreementWithConsensus(db, app)]);
  const userIds = [...new Set([...pace.map((row) => row.user_id), ...agreement.keys()])];
  const people = await peopleById(db, userIds);
  const paceById = new Map(pace.map((row) => [row.user_id, row]));
  return userIds
    .map((userId) => {
      const { items, agreed } = agreement.get(userId) ?? { items: 0, agreed: 0 };
      const seconds = paceById.get(userId)?.seconds_per_answer;
      return {
        user_id: userId,
        email: people.get(userId)?.email ?? null,
        name: people.get(userId)?.name ?? null,
        answers: paceById.get(userId)?.answers ?? 0,
        seconds_per_answer: seconds == null ? null : Math.round(Number(seconds) * 10) / 10,
        consensus_items: items,
        agreed_with_consensus: agreed,
        agreement: items === 0 ? null : agreed / items,
      };
    })
    .sort((a, b) => b.answers - a.answers || (a.email ?? '').localeCompare(b.email ?? ''));
}

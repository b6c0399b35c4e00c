import type { LabellerStanding } from '../../src/api/schemas/consensus';
import type { Database } from '../db';
import { unixNow } from '../db/unix-time';
import { labellerFigures, type QualityApplication } from './labeller-figures';

/** Every labeller of the application, as the leaderboard shows them: answers, pace and agreement, most answers first. */
export async function labellerStandings(db: Database, app: QualityApplication): Promise<LabellerStanding[]> {
  const labellers = await labellerFigures(db, [app], { start: null, end: unixNow() });
  return labellers
    .map((labeller) => ({
      user_id: labeller.user_id,
      email: labeller.email,
      name: labeller.name,
      answers: labeller.answers,
      seconds_per_answer: labeller.median_decision_time === null ? null : Math.round(labeller.median_decision_time * 10) / 10,
      consensus_items: labeller.decided_items,
      agreed_with_consensus: Math.round((labeller.agreement ?? 0) * labeller.decided_items),
      agreement: labeller.agreement,
    }))
    .sort((a, b) => b.answers - a.answers || (a.email ?? '').localeCompare(b.email ?? ''));
}

import { and, eq, sql } from 'drizzle-orm';
import { answerRuleOf } from '../../src/api/application-types';
import type { ItemAnswer } from '../../src/api/application-types/answer';
import type { Database } from '../db';
import { rowsOf } from '../db/json-row';
import { applications, type QueuedProposal } from '../db/schema';
import type { ApplicationRow } from '../domain/applications';
import { answerEntrySql } from '../domain/consensus';
import { typeModule } from '../types/registry';
import { feedbackPriority } from '../vision/ambiguity';
import { answerWorth, disagreement, itemRarity } from './worth';

type WorthApplication = Pick<ApplicationRow, 'applicationId' | 'type' | 'detectionThresholds' | 'consensusTolerance'>;

/**
 * Waiting requests re-rated per application and pass, the highest priorities first: what a pull or the scheduler
 * takes next. Below them a priority stays as last rated, which can only overstate rarity (confirmations only grow).
 */
const REFRESHED_ROWS = 1000;

/** How many people's current answers confirmed each subject in the application. */
export async function confirmationsOf(db: Database, appId: string): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    SELECT subject_uid, count(*)::int AS n FROM assertions
    WHERE app_id = ${appId} AND current AND user_id IS NOT NULL AND probability >= 0.5
    GROUP BY subject_uid`);
  return new Map(rowsOf<{ subject_uid: string; n: number }>(result).map(({ subject_uid, n }) => [subject_uid, n]));
}

/** What an answer to an item is worth now, its queue priority (`answerWorth`), given the labellers' answers so far. */
export function worthOf(
  app: WorthApplication,
  confirmations: ReadonlyMap<string, number>,
  proposals: readonly QueuedProposal[],
  answers: readonly ItemAnswer[] = [],
): number {
  const agree = (given: readonly ItemAnswer[]) => answerRuleOf(app.type)?.agree(given, app.consensusTolerance) != null;
  return answerWorth({
    uncertainty: feedbackPriority(proposals, app.detectionThresholds, typeModule(app.type)?.objectAmbiguity),
    disagreement: disagreement(proposals, app.detectionThresholds, answers, agree),
    rarity: itemRarity(proposals, confirmations),
  });
}

interface WaitingRow {
  media_id: string;
  focus_key: string;
  proposals: QueuedProposal[];
  priority: number;
  answers: ItemAnswer[];
}

/**
 * Rates the application's waiting requests again (the top REFRESHED_ROWS), as answers change what confirmed each
 * subject and what labellers said of an item. Pulls keep reading the stored priority. Returns how many changed.
 */
export async function refreshWorth(db: Database, app: WorthApplication): Promise<number> {
  const confirmations = await confirmationsOf(db, app.applicationId);
  const waiting = rowsOf<WaitingRow>(
    await db.execute(sql`
      SELECT q.media_id, q.focus_key, q.proposals, q.priority, COALESCE((
        SELECT jsonb_agg(given.subjects) FROM (
          SELECT jsonb_agg(${answerEntrySql} ORDER BY seq) AS subjects FROM assertions
          WHERE app_id = q.app_id AND media_id = q.media_id AND focus_key = q.focus_key AND current AND user_id IS NOT NULL
          GROUP BY user_id
        ) AS given), '[]'::jsonb) AS answers
      FROM feedback_queue AS q
      WHERE q.app_id = ${app.applicationId}
      ORDER BY q.priority DESC, q.created_at
      LIMIT ${REFRESHED_ROWS}`),
  );
  const changed = waiting.flatMap((row) => {
    const priority = worthOf(app, confirmations, row.proposals, row.answers);
    return priority === row.priority ? [] : [{ media_id: row.media_id, focus_key: row.focus_key, priority }];
  });
  if (changed.length === 0) return 0;
  await db.execute(sql`
    UPDATE feedback_queue AS q SET priority = w.priority
    FROM jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) AS w(media_id text, focus_key text, priority double precision)
    WHERE q.app_id = ${app.applicationId} AND q.media_id = w.media_id AND q.focus_key = w.focus_key`);
  return changed.length;
}

/** {@link refreshWorth} for every active application with requests waiting. Returns how many changed. */
export async function refreshQueuedWorth(db: Database): Promise<number> {
  const apps = await db
    .select()
    .from(applications)
    .where(and(eq(applications.active, true), sql`EXISTS (SELECT 1 FROM feedback_queue WHERE app_id = ${applications.applicationId})`));
  let changed = 0;
  for (const app of apps) changed += await refreshWorth(db, app);
  return changed;
}

import { and, eq } from 'drizzle-orm';
import type { FeedbackSubjectAnswer, ItemAnswer } from '../../src/api/application-types/answer';
import type { FeedbackResponse } from '../../src/api/schemas/feedback';
import type { Database } from '../db';
import { goldAnswers, goldItems } from '../db/schema';
import type { ApplicationRow } from '../domain/applications';
import { focusKey } from '../domain/assertions';
import { scoreGoldAnswer } from '../types/gold-scores';
import { claimIdempotencyKey, type FeedbackAuthor } from './idempotency';

/** A later message on a subject replaces the earlier one: a labeller may answer an item's subjects in several posts. */
const merged = (earlier: ItemAnswer, later: readonly FeedbackSubjectAnswer[]): ItemAnswer => [
  ...earlier.filter((entry) => !later.some((given) => given.subject_uid === entry.subject_uid)),
  ...later,
];

/** The posted answer, with what checking it needed: the request's hash for its Idempotency-Key, and the time. */
export interface PostedAnswer {
  body: FeedbackResponse;
  idempotencyKey: string | null;
  requestHash: string;
  now: number;
}

/**
 * When the author was served the item as gold (gold-pull.ts), their checked answer is scored against its truth by the
 * type's measure and kept on that serving (even after its lease ran out): no assertion, detection record, queue,
 * consensus or release count changes, since a gold answer is no training data. Returns whether it was a gold answer;
 * a retry with a recorded Idempotency-Key is one that changes nothing.
 */
export async function answerGold(
  db: Database,
  author: FeedbackAuthor,
  appRow: Pick<ApplicationRow, 'applicationId' | 'type' | 'consensusTolerance'>,
  { body, idempotencyKey, requestHash, now }: PostedAnswer,
): Promise<boolean> {
  const serving = and(
    eq(goldAnswers.appId, appRow.applicationId),
    eq(goldAnswers.mediaId, body.media_id),
    eq(goldAnswers.focusKey, focusKey(body.focus)),
    eq(goldAnswers.userId, author.userId),
  );
  return db.transaction(async (tx) => {
    const [served] = await tx
      .select({ given: goldAnswers.subjects, truth: goldItems.subjects })
      .from(goldAnswers)
      .innerJoin(goldItems, and(eq(goldItems.appId, goldAnswers.appId), eq(goldItems.mediaId, goldAnswers.mediaId), eq(goldItems.focusKey, goldAnswers.focusKey)))
      .where(serving)
      .for('update');
    if (!served) return false;
    if (idempotencyKey !== null && !(await claimIdempotencyKey(tx, author, idempotencyKey, requestHash, now))) return true;
    const subjects = merged(served.given ?? [], body.subjects);
    await tx
      .update(goldAnswers)
      .set({
        subjects,
        answeredAt: now,
        decisionTime: body.decision_time ?? now,
        score: scoreGoldAnswer(appRow.type, served.truth, subjects, appRow.consensusTolerance),
      })
      .where(serving);
    return true;
  });
}

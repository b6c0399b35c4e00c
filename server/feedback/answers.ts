import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { feedbackAnswerErrors, type FeedbackResponse } from '../../src/api/schemas/feedback';
import type { AppData } from '../../src/api/application-types/answer';
import type { AppDataType, FieldError } from '../../src/api/types';
import type { Database } from '../db';
import { rowsOf } from '../db/json-row';
import { applications, media } from '../db/schema';
import { applicationNotFound, type ApplicationRow } from '../domain/applications';
import { assertionBatchJson } from '../domain/assertions';
import { decideConsensus } from '../domain/consensus';
import { invalid } from '../errors';
import { unixNow } from '../db/unix-time';
import { answerGold } from './gold-answers';
import { checkRetry, type FeedbackAuthor } from './idempotency';

/** What answering feedback needs of the application. */
type FeedbackApplication = Pick<
  ApplicationRow,
  'applicationId' | 'tenantId' | 'type' | 'outputSubjects' | 'labellersPerItem' | 'consensusTolerance'
>;

/** The application and the answered media item's size (null when the tenant has no such media), in one query. */
async function feedbackTarget(db: Database, tenantId: string, applicationId: string, mediaId: string) {
  const [row] = await db
    .select({
      applicationId: applications.applicationId,
      tenantId: applications.tenantId,
      type: applications.type,
      outputSubjects: applications.outputSubjects,
      labellersPerItem: applications.labellersPerItem,
      consensusTolerance: applications.consensusTolerance,
      width: media.imageWidth,
      height: media.imageHeight,
    })
    .from(applications)
    .leftJoin(media, and(eq(media.mediaId, mediaId), eq(media.tenantId, applications.tenantId)))
    .where(and(eq(applications.applicationId, applicationId), eq(applications.tenantId, tenantId)));
  if (!row) throw applicationNotFound();
  const { width, height, ...appRow } = row;
  return { appRow, size: width === null || height === null ? null : { width, height } };
}

/** The contract's answer rules, with the service's data: the media's size and the application's output subjects. */
function inputErrors(appRow: FeedbackApplication, size: { width: number; height: number } | null, body: FeedbackResponse): FieldError[] {
  if (!size) return [{ field: 'media_id', message: `No media ${body.media_id} in this tenant.` }];
  return feedbackAnswerErrors(body, { type: appRow.type, outputSubjects: appRow.outputSubjects, ...size });
}

export interface SubmittedFeedback {
  appRow: FeedbackApplication;
  /** The application's answers since its last release; null when an idempotent retry changed nothing. */
  answersSinceRelease: number | null;
}

/**
 * A person's answers on one media item (and focus) in an application: each becomes a user assertion (source 2,
 * probability 1.0 for True and 0.0 for False), the detection record moves, the item leaves the application's
 * feedback queue and the application counts the answer. After one query for the application and the media, the
 * write is one call of the database function `submit_feedback` (db/functions/submit_feedback.sql): all of it or,
 * when the idempotency key was already used, none of it. With several labellers per item, the item stays queued for the
 * others until enough answered; then its consensus is decided (agreed, or into the review queue). An answer on an item the
 * labeller was served as gold is only scored (gold-answers.ts).
 */
export async function submitFeedback(
  db: Database,
  author: FeedbackAuthor,
  applicationId: string,
  body: FeedbackResponse,
  idempotencyKey: string | null,
): Promise<SubmittedFeedback> {
  const { appRow, size } = await feedbackTarget(db, author.tenantId, applicationId, body.media_id);
  const errors = inputErrors(appRow, size, body);
  if (errors.length > 0) throw invalid(`Invalid ${errors[0]!.field}: ${errors[0]!.message}`, errors);
  const now = unixNow();
  const requestHash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
  if (await answerGold(db, author, appRow, { body, idempotencyKey, requestHash, now })) return { appRow, answersSinceRelease: null };
  const batch = assertionBatchJson({
    tenantId: author.tenantId,
    mediaId: body.media_id,
    focus: body.focus ?? null,
    userId: author.userId,
    appId: appRow.applicationId,
    createdAt: now,
    decisionTime: body.decision_time ?? now,
    assertions: body.subjects.map((answer) => ({
      subjectUid: answer.subject_uid,
      appDataType: (answer.app_data_type as AppDataType | undefined) ?? null,
      appData: (answer.app_data as AppData | undefined) ?? null,
      probability: answer.result === 'True' ? 1 : 0,
    })),
  });
  const answer = { batch, idempotency_key: idempotencyKey, request_hash: requestHash };
  const result = await db.execute(sql`SELECT submit_feedback(${JSON.stringify(answer)}::jsonb) AS answers_since_release`);
  const [counted] = rowsOf<{ answers_since_release: number | null }>(result);
  if (counted?.answers_since_release != null) {
    await decideConsensus(db, appRow, body.media_id, body.focus ?? null);
    return { appRow, answersSinceRelease: counted.answers_since_release };
  }
  if (idempotencyKey === null) throw applicationNotFound();
  await checkRetry(db, author, idempotencyKey, requestHash);
  return { appRow, answersSinceRelease: null };
}

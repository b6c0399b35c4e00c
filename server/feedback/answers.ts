import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { AppData, AppDataType, FeedbackResponse, FieldError } from '../../src/api/types';
import type { Database } from '../db';
import { applications, feedbackQueue, idempotencyKeys, media } from '../db/schema';
import type { ApplicationRow } from '../domain/applications';
import { focusKey, recordAssertion, touchDetectionRecord, unixNow } from '../domain/assertions';
import { badRequest, HttpError } from '../http/errors';
import { feedbackAnswerErrors, focusErrors, type AnswerInput } from './answer-rules';

export const CLIENT_DATA_LIMIT = 4096;

export type FeedbackInput = Omit<FeedbackResponse, 'subjects'> & { subjects: AnswerInput[] };

export interface FeedbackAuthor {
  tenantId: string;
  userId: string;
}

const hashOf = (body: FeedbackInput) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

/**
 * Records the idempotency key; false when a post with this key was already recorded (same body: the retry has no
 * effect). The same key with another body is 422: the client reused a key for a different answer.
 */
async function claimIdempotencyKey(tx: Database, author: FeedbackAuthor, key: string, body: FeedbackInput): Promise<boolean> {
  const requestHash = hashOf(body);
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ tenantId: author.tenantId, userId: author.userId, idempotencyKey: key, requestHash, createdAt: unixNow() })
    .onConflictDoNothing()
    .returning();
  if (inserted.length > 0) return true;
  const [existing] = await tx
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.tenantId, author.tenantId),
        eq(idempotencyKeys.userId, author.userId),
        eq(idempotencyKeys.idempotencyKey, key),
      ),
    );
  if (existing && existing.requestHash !== requestHash) {
    throw new HttpError(422, 'This Idempotency-Key was already used for a different feedback body.');
  }
  return false;
}

async function inputErrors(db: Database, appRow: ApplicationRow, body: FeedbackInput): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  if (body.client_data !== undefined && Buffer.byteLength(JSON.stringify(body.client_data)) > CLIENT_DATA_LIMIT) {
    errors.push({ field: 'client_data', message: `client_data may hold at most ${CLIENT_DATA_LIMIT} bytes of JSON.` });
  }
  const [mediaRow] = await db
    .select({ width: media.imageWidth, height: media.imageHeight })
    .from(media)
    .where(and(eq(media.mediaId, body.media_id), eq(media.tenantId, appRow.tenantId)));
  if (!mediaRow) return [...errors, { field: 'media_id', message: `No media ${body.media_id} in this tenant.` }];
  const focus = body.focus ?? null;
  if (focus) errors.push(...focusErrors(focus, mediaRow.width, mediaRow.height));
  errors.push(
    ...feedbackAnswerErrors(body.subjects, {
      type: appRow.type,
      outputSubjects: appRow.outputSubjects,
      width: mediaRow.width,
      height: mediaRow.height,
      focus: errors.length === 0 ? focus : null,
    }),
  );
  return errors;
}

/**
 * A person's answers on one media item (and focus) in an application: each becomes a user assertion (source 2,
 * probability 1.0 for True and 0.0 for False), the detection record moves, and the item leaves the application's
 * feedback queue. Returns the application's answers since its last release, or null when an idempotent retry
 * changed nothing.
 */
export async function submitFeedback(
  db: Database,
  appRow: ApplicationRow,
  author: FeedbackAuthor,
  body: FeedbackInput,
  idempotencyKey: string | null,
): Promise<number | null> {
  const errors = await inputErrors(db, appRow, body);
  if (errors.length > 0) throw badRequest(`Invalid ${errors[0]!.field}: ${errors[0]!.message}`, errors);
  const focus = body.focus ?? null;
  const now = unixNow();
  return db.transaction(async (tx) => {
    if (idempotencyKey !== null && !(await claimIdempotencyKey(tx, author, idempotencyKey, body))) return null;
    for (const answer of body.subjects) {
      const probability = answer.result === 'True' ? 1 : 0;
      await recordAssertion(tx, {
        tenantId: author.tenantId,
        mediaId: body.media_id,
        subjectUid: answer.subject_uid,
        focus,
        userId: author.userId,
        appId: appRow.applicationId,
        appDataType: (answer.app_data_type as AppDataType | undefined) ?? null,
        appData: (answer.app_data as AppData | undefined) ?? null,
        probability,
        createdAt: now,
        decisionTime: body.decision_time ?? now,
      });
    }
    await touchDetectionRecord(tx, appRow.applicationId, body.media_id, focus, now);
    // One statement: the item leaves the queue and the application counts the answer.
    const leftQueue = tx.$with('left_queue').as(
      tx
        .delete(feedbackQueue)
        .where(
          and(
            eq(feedbackQueue.appId, appRow.applicationId),
            eq(feedbackQueue.mediaId, body.media_id),
            eq(feedbackQueue.focusKey, focusKey(focus)),
          ),
        )
        .returning({ mediaId: feedbackQueue.mediaId }),
    );
    const [updated] = await tx
      .with(leftQueue)
      .update(applications)
      .set({ answersSinceRelease: sql`${applications.answersSinceRelease} + 1` })
      .where(eq(applications.applicationId, appRow.applicationId))
      .returning({ answers: applications.answersSinceRelease });
    return updated?.answers ?? 0;
  });
}

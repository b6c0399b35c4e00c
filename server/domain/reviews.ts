import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { ItemAnswer } from '../../src/api/application-types/answer';
import type { ConsensusEntry, LabellerAnswerView, ReviewItem } from '../../src/api/schemas/consensus';
import { feedbackAnswerErrors } from '../../src/api/schemas/feedback';
import type { Database } from '../db';
import { consensusItems, media, users, type LabellerAnswer } from '../db/schema';
import { conflict, invalid, notFound } from '../errors';
import type { ApplicationRow } from './applications';
import { getConsensusItem } from './consensus';
import { getMediaRow, type MediaRow } from './media';
import { unixNow } from '../db/unix-time';

const inReview = (appId: string) => and(eq(consensusItems.appId, appId), eq(consensusItems.status, 'in_review'));

export interface Person {
  email: string;
  name: string | null;
}

/** Email and name of each user, by id. */
export async function peopleById(db: Database, userIds: readonly string[]): Promise<Map<string, Person>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: users.id, email: users.email, givenName: users.givenName, surname: users.surname })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(
    rows.map((row) => [row.userId, { email: row.email, name: [row.givenName, row.surname].filter(Boolean).join(' ') || null }]),
  );
}

const withPerson = (answer: LabellerAnswer, people: Map<string, Person>): LabellerAnswerView => ({
  user_id: answer.user_id,
  email: people.get(answer.user_id)?.email ?? null,
  name: people.get(answer.user_id)?.name ?? null,
  subjects: answer.subjects,
  decision_time: answer.decision_time,
});

export interface ReviewPage {
  items: { row: typeof consensusItems.$inferSelect; mediaRow: MediaRow; answers: LabellerAnswerView[] }[];
  nextOffset: number | null;
}

/** A page of the application's review queue, oldest disagreement first, each with every labeller's answer and who gave it. */
export async function pageReviews(db: Database, appId: string, limit: number, offset: number): Promise<ReviewPage> {
  const rows = await db
    .select()
    .from(consensusItems)
    .where(inReview(appId))
    .orderBy(asc(consensusItems.createdAt), asc(consensusItems.consensusId))
    .limit(limit + 1)
    .offset(offset);
  const page = rows.slice(0, limit);
  const mediaRows = page.length === 0 ? [] : await db.select().from(media).where(inArray(media.mediaId, page.map((row) => row.mediaId)));
  const mediaById = new Map(mediaRows.map((row) => [row.mediaId, row]));
  const people = await peopleById(db, page.flatMap((row) => row.answers.map((answer) => answer.user_id)));
  const items = page.flatMap((row) => {
    const mediaRow = mediaById.get(row.mediaId);
    return mediaRow ? [{ row, mediaRow, answers: row.answers.map((answer) => withPerson(answer, people)) }] : [];
  });
  return { items, nextOffset: rows.length > limit ? offset + limit : null };
}

export type ReviewView = Omit<ReviewItem, 'media'>;

export const toReview = ({ row, answers }: ReviewPage['items'][number]): ReviewView => ({
  review_id: row.consensusId,
  application_id: row.appId,
  media_id: row.mediaId,
  focus: row.focus,
  created_at: row.createdAt,
  answers,
});

export async function countReviews(db: Database, appId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(consensusItems).where(inReview(appId));
  return row?.n ?? 0;
}

/**
 * A manager's decision on a disagreement: the answer (checked by the same rules as feedback, on the item's media and
 * focus) becomes the item's consensus. 404 for an unknown review, 409 when the item was decided already.
 */
export async function resolveReview(
  db: Database,
  appRow: ApplicationRow,
  reviewId: string,
  subjects: ItemAnswer,
  decidedBy: string,
): Promise<ConsensusEntry> {
  const item = await getConsensusItem(db, appRow.applicationId, reviewId);
  if (!item) throw notFound('Review not found.');
  if (item.status !== 'in_review') throw conflict('This item was decided already.');
  const mediaRow = await getMediaRow(db, appRow.tenantId, item.mediaId);
  const errors = feedbackAnswerErrors(
    { media_id: item.mediaId, subjects: [...subjects], focus: item.focus },
    { type: appRow.type, outputSubjects: appRow.outputSubjects, width: mediaRow.imageWidth, height: mediaRow.imageHeight },
  );
  if (errors.length > 0) throw invalid(`Invalid ${errors[0]!.field}: ${errors[0]!.message}`, errors);
  const now = unixNow();
  const [resolved] = await db
    .update(consensusItems)
    .set({ status: 'reviewed', subjects, decidedAt: now, decidedBy })
    .where(and(eq(consensusItems.consensusId, reviewId), eq(consensusItems.status, 'in_review')))
    .returning();
  if (!resolved) throw conflict('This item was decided already.');
  return {
    consensus_id: resolved.consensusId,
    application_id: resolved.appId,
    media_id: resolved.mediaId,
    focus: resolved.focus,
    subjects,
    source: 'review',
    decided_at: now,
  };
}

import { and, asc, eq, gt, inArray, isNotNull, isNull, min, notExists, sql } from 'drizzle-orm';
import type { Focus } from '../../src/api/types';
import type { MediaSubjectAssociation } from '../../src/api/schemas/detections';
import { focusErrors } from '../../src/api/schemas/feedback';
import type { Database } from '../db';
import { assertions, detectionRecords, media } from '../db/schema';
import { invalid, notFound } from '../errors';
import { visibleAssertion, type AnswerReader } from './answer-readers';
import { type AssertionRow, focusKey } from './assertions';
import { toMedia, type MediaLinks, type MediaRow } from './media';

/**
 * One association per media, subject and focus, from the current assertions on it: a user's assertion (sources 1
 * and 2) wins over a model's, the latest of those wins, and any user assertion means consensus was reached.
 */
export function toAssociations(current: readonly AssertionRow[], mediaRows: readonly MediaRow[], links: MediaLinks): MediaSubjectAssociation[] {
  const groups = new Map<string, AssertionRow[]>();
  for (const row of [...current].sort((a, b) => a.seq - b.seq)) {
    const key = `${row.mediaId}\n${row.subjectUid}\n${row.focusKey}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const mediaById = new Map(mediaRows.map((row) => [row.mediaId, toMedia(row, links)]));
  return [...groups.values()].flatMap((group) => {
    const byUsers = group.filter((row) => row.userId !== null);
    const winner = (byUsers.length > 0 ? byUsers : group).at(-1);
    const media = winner && mediaById.get(winner.mediaId);
    if (!winner || !media) return [];
    return [
      {
        media: {
          media_id: media.media_id,
          media_url: media.media_url,
          resize_urls: media.resize_urls,
          media_resize_urls: media.resize_urls,
        },
        subject: {
          subject_uid: winner.subjectUid,
          media_id: winner.mediaId,
          probability: winner.probability,
          timestamp: winner.createdAt,
          app_data: winner.appData,
          app_data_type: winner.appDataType,
          consensus: byUsers.length > 0 ? ('True' as const) : null,
        },
        focus: winner.focus ?? null,
      },
    ];
  });
}

/** The current assertions on these media (on one subject when given) that the reader may see. */
export async function currentAssertionsOfMedia(db: Database, reader: AnswerReader, mediaIds: readonly string[], subjectUid?: string): Promise<AssertionRow[]> {
  if (mediaIds.length === 0) return [];
  return db
    .select()
    .from(assertions)
    .where(
      and(
        inArray(assertions.mediaId, [...mediaIds]),
        eq(assertions.current, true),
        subjectUid === undefined ? undefined : eq(assertions.subjectUid, subjectUid),
        visibleAssertion(reader, assertions.appId, assertions.userId),
      ),
    );
}

interface SubjectMediaPage {
  /** (media, focus) pairs in the order of their first assertion on the subject. */
  pairs: { mediaId: string; focusKey: string; firstSeq: number }[];
  hasMore: boolean;
}

/** A page of the media associated with a subject by assertions the reader may see, after the `cursor` (the first one's seq). */
async function pageSubjectMedia(
  db: Database,
  reader: AnswerReader,
  subject: { tenantId: string; subjectUid: string },
  { limit, cursor }: { limit: number; cursor: number },
): Promise<SubjectMediaPage> {
  const firstSeq = min(assertions.seq).mapWith(Number);
  const rows = await db
    .select({ mediaId: assertions.mediaId, focusKey: assertions.focusKey, firstSeq })
    .from(assertions)
    .where(
      and(
        eq(assertions.tenantId, subject.tenantId),
        eq(assertions.subjectUid, subject.subjectUid),
        visibleAssertion(reader, assertions.appId, assertions.userId),
      ),
    )
    .groupBy(assertions.mediaId, assertions.focusKey)
    .having(gt(min(assertions.seq), cursor))
    .orderBy(asc(min(assertions.seq)))
    .limit(limit + 1);
  return { pairs: rows.slice(0, limit), hasMore: rows.length > limit };
}

/**
 * The associations of a subject as the reader may see them, in the order of their first assertion on it, and the
 * cursor of the next page.
 */
export async function listSubjectMedia(
  db: Database,
  reader: AnswerReader,
  subject: { tenantId: string; subjectUid: string },
  paging: { limit: number; cursor: number },
  links: MediaLinks,
): Promise<{ associations: MediaSubjectAssociation[]; nextCursor: number | null }> {
  const page = await pageSubjectMedia(db, reader, subject, paging);
  const mediaIds = [...new Set(page.pairs.map((pair) => pair.mediaId))];
  const [current, mediaRows] = await Promise.all([
    currentAssertionsOfMedia(db, reader, mediaIds, subject.subjectUid),
    mediaIds.length ? db.select().from(media).where(inArray(media.mediaId, mediaIds)) : [],
  ]);
  const associations = toAssociations(current, mediaRows, links);
  const keyOf = (mediaId: string, key: string) => `${mediaId}\n${key}`;
  const order = new Map(page.pairs.map((pair, index) => [keyOf(pair.mediaId, pair.focusKey), index]));
  const rank = (association: MediaSubjectAssociation) => order.get(keyOf(association.media.media_id, focusKey(association.focus))) ?? 0;
  associations.sort((a, b) => rank(a) - rank(b));
  const last = page.pairs.at(-1);
  return { associations, nextCursor: page.hasMore && last ? last.firstSeq : null };
}

/** The current association of the media (and focus) with the subject by a user outside applications (source 1), if any. */
export async function currentAssociation(
  db: Database,
  target: { mediaId: string; subjectUid: string; focus: Focus | null },
): Promise<{ capture_id: string } | null> {
  const [row] = await db
    .select({ capture_id: assertions.detectionId })
    .from(assertions)
    .where(
      and(
        eq(assertions.mediaId, target.mediaId),
        eq(assertions.subjectUid, target.subjectUid),
        eq(assertions.focusKey, focusKey(target.focus)),
        eq(assertions.current, true),
        isNull(assertions.appId),
        isNotNull(assertions.userId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A focus box reaches no further than the media's edges: the contract's rule, as the app checks a focus. */
export function requireFocusInside(focus: Focus | null, media: { width: number; height: number }): void {
  const errors = focus ? focusErrors(focus.box, media) : [];
  if (errors.length > 0) throw invalid('The focus box must lie inside the media.', errors);
}

/**
 * Removes every assertion of the subject on the media (and focus), and detection records left empty; 404 if none.
 * `authorize` sees the assertions first and throws to remove nothing.
 */
export async function removeAssociation(
  db: Database,
  target: { mediaId: string; subjectUid: string; focus: Focus | null },
  authorize: (found: Pick<AssertionRow, 'userId' | 'appId'>[], tx: Database) => Promise<void>,
): Promise<void> {
  const { mediaId, subjectUid } = target;
  const key = focusKey(target.focus);
  const association = and(eq(assertions.mediaId, mediaId), eq(assertions.subjectUid, subjectUid), eq(assertions.focusKey, key));
  await db.transaction(async (tx) => {
    const found = await tx.select({ userId: assertions.userId, appId: assertions.appId }).from(assertions).where(association).for('update');
    if (found.length === 0) throw notFound('The media is not associated with this subject.');
    await authorize(found, tx);
    await tx.delete(assertions).where(association);
    await tx
      .delete(detectionRecords)
      .where(
        and(
          eq(detectionRecords.mediaId, mediaId),
          eq(detectionRecords.focusKey, key),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(assertions)
              .where(
                and(
                  eq(assertions.appId, detectionRecords.appId),
                  eq(assertions.mediaId, detectionRecords.mediaId),
                  eq(assertions.focusKey, detectionRecords.focusKey),
                ),
              ),
          ),
        ),
      );
  });
}

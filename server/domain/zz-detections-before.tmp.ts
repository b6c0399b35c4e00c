import { and, asc, desc, eq, exists, gt, gte, inArray, isNotNull, lt, lte, notExists, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DetectionRecord } from '../../src/api/types';
import type { Database } from '../db';
import { assertions, detectionRecords, media } from '../db/schema';
import { toAssertion } from './assertions';
import { toMedia, type MediaLinks } from './media';

export interface DetectionsFilter {
  start: number;
  end: number;
  probabilityLower: number;
  probabilityUpper: number;
  limit: number;
  reverse: boolean;
  consensusNone: boolean;
  onlyUser: boolean;
  /** The application's current model when only its assertions are wanted. */
  onlyModelId: string | null;
  cursor: number | null;
}

export interface DetectionsPage {
  records: DetectionRecord[];
  /** The cursor of the next page; null on the last page. */
  nextCursor: number | null;
}

const userAssertion = alias(assertions, 'user_assertion');

/** Which current assertions of the application count, as the query's probability and source flags say. */
function assertionConditions(db: Database, appId: string, filter: DetectionsFilter): SQL[] {
  const conditions = [
    eq(assertions.appId, appId),
    eq(assertions.current, true),
    gte(assertions.probability, filter.probabilityLower),
    lte(assertions.probability, filter.probabilityUpper),
  ];
  if (filter.onlyUser) conditions.push(isNotNull(assertions.userId));
  if (filter.onlyModelId !== null) conditions.push(eq(assertions.modelId, filter.onlyModelId));
  if (filter.consensusNone) {
    conditions.push(
      notExists(
        db
          .select({ one: sql`1` })
          .from(userAssertion)
          .where(
            and(
              eq(userAssertion.mediaId, assertions.mediaId),
              eq(userAssertion.subjectUid, assertions.subjectUid),
              eq(userAssertion.focusKey, assertions.focusKey),
              isNotNull(userAssertion.userId),
              eq(userAssertion.current, true),
            ),
          ),
      ),
    );
  }
  return conditions;
}

/**
 * A page of the application's detection records in `update_seq` order: those updated in (start, end] that still
 * hold an assertion matching the filter, each with its matching assertions. Three indexed queries: the page of
 * records, their assertions, their media.
 */
export async function pageDetections(
  db: Database,
  appId: string,
  filter: DetectionsFilter,
  links: MediaLinks,
): Promise<DetectionsPage> {
  const matching = assertionConditions(db, appId, filter);
  const order = filter.reverse ? desc(detectionRecords.updateSeq) : asc(detectionRecords.updateSeq);
  const afterCursor =
    filter.cursor === null
      ? undefined
      : filter.reverse
        ? lt(detectionRecords.updateSeq, filter.cursor)
        : gt(detectionRecords.updateSeq, filter.cursor);
  const rows = await db
    .select()
    .from(detectionRecords)
    .where(
      and(
        eq(detectionRecords.appId, appId),
        gt(detectionRecords.updatedAt, filter.start),
        lte(detectionRecords.updatedAt, filter.end),
        afterCursor,
        exists(
          db
            .select({ one: sql`1` })
            .from(assertions)
            .where(
              and(
                ...matching,
                eq(assertions.mediaId, detectionRecords.mediaId),
                eq(assertions.focusKey, detectionRecords.focusKey),
              ),
            ),
        ),
      ),
    )
    .orderBy(order)
    .limit(filter.limit + 1);
  const page = rows.slice(0, filter.limit);
  if (page.length === 0) return { records: [], nextCursor: null };

  const mediaIds = [...new Set(page.map((record) => record.mediaId))];
  const [assertionRows, mediaRows] = await Promise.all([
    db
      .select()
      .from(assertions)
      .where(and(...matching, inArray(assertions.mediaId, mediaIds)))
      .orderBy(asc(assertions.seq)),
    db.select().from(media).where(inArray(media.mediaId, mediaIds)),
  ]);
  const mediaById = new Map(mediaRows.map((row) => [row.mediaId, toMedia(row, links)]));
  const records = page.flatMap((record) => {
    const recordMedia = mediaById.get(record.mediaId);
    if (!recordMedia) return [];
    const detections = assertionRows
      .filter((row) => row.mediaId === record.mediaId && row.focusKey === record.focusKey)
      .map(toAssertion);
    return [{ media: recordMedia, focus: record.focus ?? null, detections, updated_at: record.updatedAt }];
  });
  return { records, nextCursor: rows.length > filter.limit ? (page.at(-1)?.updateSeq ?? null) : null };
}

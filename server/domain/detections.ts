import { and, asc, desc, eq, exists, gt, gte, isNotNull, lt, lte, notExists, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DetectionRecord } from '../../src/api/schemas/detections';
import type { Focus } from '../../src/api/types';
import type { Database } from '../db';
import { jsonRowOf } from '../db/json-row';
import { assertions, detectionRecords, media } from '../db/schema';
import { visibleAssertion, type AnswerReader } from './answer-readers';
import { toAssertion, type AssertionRow } from './assertions';
import { toMedia, type MediaLinks, type MediaRow } from './media';

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
  /** Whose answers count: a labeller's own only (consensus too is judged by them alone), a manager's every one. */
  reader: AnswerReader;
}

export interface DetectionsPage {
  records: DetectionRecord[];
  /** The cursor of the next page; null on the last page. */
  nextCursor: number | null;
}

const userAssertion = alias(assertions, 'user_assertion');

interface PageRow {
  updateSeq: number;
  focus: Focus | null;
  updatedAt: number;
  mediaRow: MediaRow;
  detections: AssertionRow[] | null;
}

/** Which current assertions of the application count, as the query's probability and source flags say. */
function assertionConditions(db: Database, appId: string, filter: DetectionsFilter): SQL[] {
  const conditions = [
    eq(assertions.appId, appId),
    sql`${assertions.current}`,
    gte(assertions.probability, filter.probabilityLower),
    lte(assertions.probability, filter.probabilityUpper),
    visibleAssertion(filter.reader, assertions.appId, assertions.userId),
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
              sql`${userAssertion.current}`,
              visibleAssertion(filter.reader, userAssertion.appId, userAssertion.userId),
            ),
          ),
      ),
    );
  }
  return conditions;
}

/**
 * A page of the application's detection records in `update_seq` order: those updated in (start, end] that still
 * hold an assertion matching the filter, each with its matching assertions. One round trip: the page (on the
 * `(app_id, update_seq)` index, each record checked by an EXISTS on the current assertions' index) joined to its
 * media, with its matching assertions aggregated into one JSON column.
 */
export async function pageDetections(
  db: Database,
  appId: string,
  filter: DetectionsFilter,
  links: MediaLinks,
): Promise<DetectionsPage> {
  const matching = assertionConditions(db, appId, filter);
  const direction = filter.reverse ? desc : asc;
  const afterCursor =
    filter.cursor === null
      ? undefined
      : filter.reverse
        ? lt(detectionRecords.updateSeq, filter.cursor)
        : gt(detectionRecords.updateSeq, filter.cursor);
  const page = db.$with('page').as(
    db
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
      .orderBy(direction(detectionRecords.updateSeq))
      .limit(filter.limit + 1),
  );
  // The whole page as one JSON text: the embedded database turns each column of each row into a JavaScript value
  // one at a time, which for 100 records of 20-odd columns took longer than running the query.
  const matchingAssertions = db
    .select({ rows: sql`json_agg(${jsonRowOf(assertions)} ORDER BY ${assertions.seq})` })
    .from(assertions)
    .where(and(...matching, eq(assertions.mediaId, page.mediaId), eq(assertions.focusKey, page.focusKey)));
  const [result] = await db
    .with(page)
    .select({
      page: sql<string | null>`json_agg(json_build_object(
        'updateSeq', ${page.updateSeq}, 'focus', ${page.focus}, 'updatedAt', ${page.updatedAt},
        'mediaRow', ${jsonRowOf(media)}, 'detections', (${matchingAssertions})
      ) ORDER BY ${direction(page.updateSeq)})::text`,
    })
    .from(page)
    .innerJoin(media, eq(media.mediaId, page.mediaId));
  const rows = JSON.parse(result?.page ?? '[]') as PageRow[];

  const records = rows.slice(0, filter.limit).map((row) => ({
    media: toMedia(row.mediaRow, links),
    focus: row.focus ?? null,
    detections: (row.detections ?? []).map(toAssertion),
    updated_at: row.updatedAt,
  }));
  const nextCursor = rows.length > filter.limit ? (rows[filter.limit - 1]?.updateSeq ?? null) : null;
  return { records, nextCursor };
}

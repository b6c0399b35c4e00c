import { and, asc, desc, eq, gt, isNotNull, lte } from 'drizzle-orm';
import type { Database } from '../db';
import { assertions, models } from '../db/schema';
import { notFound } from '../errors';
import { visibleAssertion, type AnswerReader } from './answer-readers';
import type { AssertionRow } from './assertions';
import type { ModelRow } from './models';

/** A page by a numeric cursor: `cursor` is where the page starts, as the previous page's `nextCursor` said. */
interface CursorPage {
  limit: number;
  cursor?: number | undefined;
}

/** A consensus release is the consensus a model release learned from: one per release of the application's model. */
export async function getConsensusRelease(db: Database, appId: string, releaseId: string): Promise<ModelRow> {
  const [row] = await db.select().from(models).where(and(eq(models.applicationId, appId), eq(models.modelId, releaseId)));
  if (!row) throw notFound('Consensus release not found.');
  return row;
}

/** The application's consensus releases, newest first; the cursor is the version a page starts at. */
export async function pageConsensusReleases(db: Database, appId: string, { limit, cursor }: CursorPage) {
  const rows = await db
    .select()
    .from(models)
    .where(and(eq(models.applicationId, appId), cursor === undefined ? undefined : lte(models.version, cursor)))
    .orderBy(desc(models.version))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), nextCursor: rows[limit]?.version ?? null };
}

/** The application's newest consensus release, if it has one. */
export async function latestConsensusRelease(db: Database, appId: string): Promise<ModelRow | undefined> {
  const [latest] = await db.select().from(models).where(eq(models.applicationId, appId)).orderBy(desc(models.version)).limit(1);
  return latest;
}

/**
 * The people's assertions in the application up to the release that the reader may see, in the order they came; the
 * cursor is an assertion's seq.
 */
export async function pageUpstreamAssertions(db: Database, appId: string, reader: AnswerReader, release: ModelRow, { limit, cursor }: CursorPage) {
  const rows: AssertionRow[] = await db
    .select()
    .from(assertions)
    .where(
      and(
        eq(assertions.appId, appId),
        isNotNull(assertions.userId),
        visibleAssertion(reader, assertions.appId, assertions.userId),
        lte(assertions.createdAt, release.createdAt),
        cursor === undefined ? undefined : gt(assertions.seq, cursor),
      ),
    )
    .orderBy(asc(assertions.seq))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last ? last.seq : null };
}

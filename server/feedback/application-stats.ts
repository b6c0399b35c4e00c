import { and, asc, eq, gte, max, sql } from 'drizzle-orm';
import type { ApplicationStats, StatsBucket } from '../../src/api/schemas/application';
import type { Database } from '../db';
import { assertions, detectionRecords } from '../db/schema';
import { queueCounts } from './scheduler';

/** Bucket length and how many buckets back the counts reach: two days by hour, thirty days by day. */
const BUCKETS: Record<StatsBucket, { seconds: number; count: number }> = {
  hour: { seconds: 3600, count: 48 },
  day: { seconds: 86_400, count: 30 },
};

/**
 * The dashboard's counts for one application: the scheduled feedback queue, model and user assertions per
 * bucket (only buckets that have any, oldest first) and the time of the latest detection record update.
 */
export async function applicationStats(db: Database, appId: string, bucket: StatsBucket, nowSeconds: number): Promise<ApplicationStats> {
  const { seconds, count: buckets } = BUCKETS[bucket];
  const since = (Math.floor(nowSeconds / seconds) - buckets + 1) * seconds;
  // Inlined, not a parameter: GROUP BY must repeat the selected expression exactly.
  const width = sql.raw(String(seconds));
  const start = sql<number>`floor(${assertions.createdAt} / ${width}) * ${width}`.mapWith(Number);

  const { pending } = await queueCounts(db, appId, nowSeconds);
  const rows = await db
    .select({
      t: start,
      model: sql<number>`count(${assertions.modelId})`.mapWith(Number),
      user: sql<number>`count(${assertions.userId})`.mapWith(Number),
    })
    .from(assertions)
    .where(and(eq(assertions.appId, appId), gte(assertions.createdAt, since)))
    .groupBy(start)
    .orderBy(asc(start));
  const [latest] = await db
    .select({ value: max(detectionRecords.updatedAt) })
    .from(detectionRecords)
    .where(eq(detectionRecords.appId, appId));

  return { pending, assertions_by_source: rows, latest_detection_at: latest?.value ?? null };
}

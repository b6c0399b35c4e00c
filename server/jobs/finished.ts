import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { rowsOf } from '../db/json-row';
import { finishedJobs } from '../db/schema';
import { unixNow } from '../db/unix-time';

/** A finished job's record is kept this long: far longer than any retry of it can come. */
const KEEP_FINISHED_SECONDS = 86_400;

/**
 * Records, in the transaction of the job's work, that the job finished; false when a run of it already did, and
 * then the caller leaves its work uncommitted. So a job run twice (its worker died after committing) counts once.
 */
export async function markJobFinished(tx: Database, jobId: string): Promise<boolean> {
  const result = await tx.execute(sql`
    INSERT INTO finished_jobs (job_id, finished_at) VALUES (${jobId}, ${unixNow()})
    ON CONFLICT (job_id) DO NOTHING RETURNING job_id`);
  return rowsOf(result).length === 1;
}

/**
 * Runs a job's last write, stamped with the time, in one transaction with its record as finished; a second run of the
 * job writes nothing.
 */
export function finishJobOnce(db: Database, jobId: string, write: (tx: Database, now: number) => Promise<unknown>): Promise<void> {
  return db.transaction(async (tx) => {
    if (await markJobFinished(tx, jobId)) await write(tx, unixNow());
  });
}

export async function pruneFinishedJobs(db: Database, now = unixNow()): Promise<void> {
  await db.delete(finishedJobs).where(lt(finishedJobs.finishedAt, now - KEEP_FINISHED_SECONDS));
}

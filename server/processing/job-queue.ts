import { asc, eq, lte, sql } from 'drizzle-orm';
import type { Focus } from '../../src/api/types';
import type { Database } from '../db';
import { processingJobs } from '../db/schema';
import { unixNow } from '../domain/assertions';

/** A claimed job not finished within this time (its process died) is run again. */
const CLAIM_SECONDS = 300;

export interface NewJob {
  appId: string;
  mediaId: string;
  focus: Focus | null;
  chain: string[];
}

export async function enqueueProcessing(tx: Database, jobs: readonly NewJob[]): Promise<void> {
  if (jobs.length === 0) return;
  const now = unixNow();
  await tx.insert(processingJobs).values(jobs.map((job) => ({ ...job, runAfter: now, createdAt: now })));
}

export async function deleteJob(tx: Database, jobId: number): Promise<void> {
  await tx.delete(processingJobs).where(eq(processingJobs.id, jobId));
}

export type JobRow = typeof processingJobs.$inferSelect;

/** Takes the oldest due job for this process; other processes skip it until the claim runs out. */
export async function claimJob(db: Database, now: number): Promise<JobRow | undefined> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: processingJobs.id })
      .from(processingJobs)
      .where(lte(processingJobs.runAfter, now))
      .orderBy(asc(processingJobs.runAfter), asc(processingJobs.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return undefined;
    const [claimed] = await tx
      .update(processingJobs)
      .set({ runAfter: now + CLAIM_SECONDS, attempts: sql`${processingJobs.attempts} + 1` })
      .where(eq(processingJobs.id, due.id))
      .returning();
    return claimed;
  });
}


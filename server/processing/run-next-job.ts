import { and, eq } from 'drizzle-orm';
import { applications, media, processingJobs } from '../db/schema';
import { unixNow } from '../domain/assertions';
import type { ServiceContext } from './context';
import { claimJob, deleteJob } from './job-queue';
import { processMediaForApplication } from './pipeline';

const MAX_ATTEMPTS = 3;
const RETRY_DELAY_SECONDS = 5;

/**
 * Runs one due job; false when there is none. A job whose application or media is gone is dropped; a failing
 * job is retried a few times, then dropped and logged.
 */
export async function runNextJob(ctx: ServiceContext): Promise<boolean> {
  const now = unixNow();
  const job = await claimJob(ctx.db, now);
  if (!job) return false;
  try {
    const [appRow] = await ctx.db.select().from(applications).where(eq(applications.applicationId, job.appId));
    const [mediaRow] = await ctx.db
      .select()
      .from(media)
      .where(and(eq(media.mediaId, job.mediaId), eq(media.tenantId, appRow?.tenantId ?? '')));
    if (!appRow || !mediaRow) await deleteJob(ctx.db, job.id);
    else await processMediaForApplication(ctx, appRow, mediaRow, job.focus ?? null, { chain: job.chain, jobId: job.id });
  } catch (error) {
    ctx.log.error({ err: error, job: job.id, attempts: job.attempts }, 'media processing job failed');
    if (job.attempts >= MAX_ATTEMPTS) await deleteJob(ctx.db, job.id);
    else {
      await ctx.db
        .update(processingJobs)
        .set({ runAfter: now + RETRY_DELAY_SECONDS * job.attempts, lastError: String(error) })
        .where(eq(processingJobs.id, job.id));
    }
  }
  return true;
}

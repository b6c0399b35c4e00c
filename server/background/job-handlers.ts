import { and, eq } from 'drizzle-orm';
import { applications, media } from '../db/schema';
import { runExportJob } from '../export/export-jobs';
import { runImportJob } from '../import/import-jobs';
import { releaseModel } from '../feedback/release';
import type { ServiceContext } from '../service-context';
import { processMediaForApplication } from '../processing/pipeline';
import type { JobHandlers } from '../jobs/queue';
import { runCaptureJob, type CaptureDeps } from '../processing/capture/run-capture';

/**
 * What each job does, whichever runner runs it. A job whose application or media is gone has nothing to do; each
 * records itself finished in the transaction of its work, so a second run of it changes nothing.
 */
export function jobHandlers(ctx: ServiceContext, captureDeps: CaptureDeps): JobHandlers {
  return {
    'process-media': async ({ id, data }) => {
      const [appRow] = await ctx.db.select().from(applications).where(eq(applications.applicationId, data.appId));
      if (!appRow) return;
      const [mediaRow] = await ctx.db
        .select()
        .from(media)
        .where(and(eq(media.mediaId, data.mediaId), eq(media.tenantId, appRow.tenantId)));
      if (!mediaRow) return;
      await processMediaForApplication(ctx, appRow, mediaRow, data.focus, { chain: data.chain, jobId: id, forFeedback: data.forFeedback === true });
    },
    'release-model': async ({ id, data }) => {
      const [appRow] = await ctx.db
        .select()
        .from(applications)
        .where(and(eq(applications.applicationId, data.applicationId), eq(applications.tenantId, data.tenantId)));
      if (appRow) await releaseModel(ctx, appRow, { jobId: id, force: data.force === true });
    },
    export: (job) => runExportJob(ctx, job),
    import: (job) => runImportJob(ctx, job),
    capture: (job) => runCaptureJob(ctx, captureDeps, job),
  };
}

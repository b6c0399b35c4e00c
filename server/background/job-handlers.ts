import { and, eq } from 'drizzle-orm';
import { applications, media } from '../db/schema';
import { runExportJob } from '../export/export-jobs';
import { runImportJob } from '../import/import-jobs';
import { releaseModel } from '../feedback/release';
import type { ServiceContext } from '../service-context';
import { processMediaForApplication } from '../processing/pipeline';
import type { JobHandlers } from '../jobs/queue';
import { runCaptureJob, type CaptureDeps } from '../processing/capture/run-capture';
import { runModelPredictJob, type ServerCallDeps } from '../processing/model-server-predictions';
import { ModelServerFailed } from '../model-server/call';
import { checkModelServer } from '../model-server/check';
import { readModelServer } from '../model-server/settings';
import { deliverEvents, queueReleaseEvent } from '../model-server/webhooks';

function ignoreServerFailure(error: unknown): void {
  if (!(error instanceof ModelServerFailed)) throw error;
}

/**
 * What each job does, whichever runner runs it. A job whose application or media is gone has nothing to do; each
 * records itself finished in the transaction of its work, so a second run of it changes nothing.
 */
export function jobHandlers(ctx: ServiceContext, captureDeps: CaptureDeps, serverDeps: ServerCallDeps): JobHandlers {
  const modelServer = { ...serverDeps, db: ctx.db, sealingKey: ctx.sealingKey, mediaSecret: ctx.mediaSecret, jobs: ctx.jobs };
  const applicationOf = async (applicationId: string, tenantId: string) =>
    (await ctx.db.select().from(applications).where(and(eq(applications.applicationId, applicationId), eq(applications.tenantId, tenantId))))[0];
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
      if (!appRow) return;
      const released = await releaseModel(ctx, appRow, { jobId: id, force: data.force === true });
      if (released.currentModelId !== appRow.currentModelId && (await queueReleaseEvent(ctx.db, ctx.jobs, released))) ctx.jobs.kick();
    },
    export: (job) => runExportJob(ctx, job),
    import: (job) => runImportJob(ctx, job),
    capture: (job) => runCaptureJob(ctx, captureDeps, job),
    'model-predict': (job) => runModelPredictJob(ctx, serverDeps, job),
    'model-check': async ({ data }) => {
      const appRow = await applicationOf(data.applicationId, data.tenantId);
      const server = appRow && (await readModelServer(ctx.db, appRow.applicationId));
      // a failed check is in the server's status; trying again at once would only fail again
      if (appRow && server) await checkModelServer(modelServer, appRow, server).catch((error: unknown) => ignoreServerFailure(error));
    },
    'model-webhook': async ({ data }) => {
      const appRow = await applicationOf(data.applicationId, data.tenantId);
      if (appRow) await deliverEvents(modelServer, appRow);
    },
  };
}

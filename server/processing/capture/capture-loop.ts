import { and, eq, inArray } from 'drizzle-orm';
import type { CaptureType } from '../../../src/api/types';
import { applications } from '../../db/schema';
import { nextGeneration, readCaptureState } from '../../domain/capture-state';
import type { PeriodicJob } from '../../jobs/queue';
import type { ServiceContext } from '../../service-context';
import { captureModule, REGISTRIES } from '../../types/registry';

/** The singleton key of one loop's capture jobs: one waits, one runs, across all instances. */
export const captureLoopKey = (applicationId: string, generation: number) => `${applicationId}:${generation}`;

const CAPTURE_TYPES = Object.keys(REGISTRIES.capture) as CaptureType[];

/**
 * Starts a new capture loop of a capture application, its first capture due now (after it was made, changed,
 * switched on or off: a job of the loop before ends when it sees a newer one). Nothing for other types.
 */
export async function restartCaptureLoop(ctx: Pick<ServiceContext, 'db' | 'jobs'>, app: { tenant_id: string; application_id: string; type: string }): Promise<void> {
  if (!captureModule(app.type)) return;
  const applicationId = app.application_id;
  await ctx.db.transaction(async (tx) => {
    const generation = await nextGeneration(tx, applicationId);
    await ctx.jobs.send(tx, 'capture', { tenantId: app.tenant_id, applicationId, generation }, { singletonKey: captureLoopKey(applicationId, generation) });
  });
  ctx.jobs.kick();
}

/** Every active capture application without a capture job waiting or running gets one (as after a start). */
async function resumeLoops(ctx: ServiceContext): Promise<void> {
  const rows = await ctx.db
    .select({ tenant_id: applications.tenantId, application_id: applications.applicationId, type: applications.type })
    .from(applications)
    .where(and(eq(applications.active, true), inArray(applications.type, CAPTURE_TYPES)));
  for (const app of rows) {
    const state = await readCaptureState(ctx.db, app.application_id);
    if (!state || !(await ctx.jobs.isPending('capture', captureLoopKey(app.application_id, state.generation)))) await restartCaptureLoop(ctx, app);
  }
}

/**
 * A loop goes on by each capture sending the next; should one be lost (a job dropped after failing at every attempt,
 * a database restored), this periodic job starts it again within a minute.
 */
export const captureLoopsJob = (ctx: ServiceContext): PeriodicJob => ({ name: 'capture-loops', intervalSeconds: 60, run: () => resumeLoops(ctx) });

import { callbackDeliveryJob, type ListeningPort } from '../callbacks/worker';
import { serverCallDeps } from '../processing/model-server-predictions';
import { rateLimitSweepJob, type RateLimiter } from '../auth/rate-limit';
import { DEFAULT_JOB_TIMEOUT_SECONDS } from '../environment';
import { databaseMaintenanceJob } from './maintenance';
import { feedbackSchedulingJob } from '../feedback/timer';
import { jobHandlers } from './job-handlers';
import { captureDeps } from '../processing/capture/capture-deps';
import { captureLoopsJob } from '../processing/capture/capture-loop';
import { createLocalRunner } from '../jobs/local-runner';
import type { JobQueue, PeriodicJob } from '../jobs/queue';
import type { ServiceContext } from '../service-context';

interface JobQueueDeps {
  /** Maintains the embedded database (DatabaseHandle.maintain). */
  maintain: () => Promise<void>;
  limiter: RateLimiter;
  listeningPort: ListeningPort;
}

/**
 * The service's job queue: pg-boss on a PostgreSQL server (`DATABASE_URL`), the in-process runner on the embedded
 * database, with the job handlers and the periodic jobs. The handlers run the jobs with `ctx`, whose `jobs` is this
 * queue once the caller has put it there; the caller starts it (running jobs unless `BACKGROUND_JOBS=0`) and stops
 * it, which finishes the jobs in hand.
 */
export async function createJobQueue(ctx: ServiceContext, { maintain, limiter, listeningPort }: JobQueueDeps): Promise<JobQueue> {
  // Captures in flight end when the queue stops, rather than running out their deadline.
  const stopping = new AbortController();
  const periodic = [
    feedbackSchedulingJob(ctx),
    databaseMaintenanceJob(ctx, maintain),
    rateLimitSweepJob(limiter),
    callbackDeliveryJob(ctx, listeningPort),
    { ...captureLoopsJob(ctx), stop: async () => stopping.abort() },
  ].filter((job): job is PeriodicJob => job !== null);
  const handlers = jobHandlers(ctx, captureDeps(ctx.config, listeningPort, stopping.signal), serverCallDeps(ctx.config, listeningPort, stopping.signal));
  const { databaseUrl, backgroundJobs = true, jobTimeoutSeconds = DEFAULT_JOB_TIMEOUT_SECONDS } = ctx.config;
  if (databaseUrl) {
    // pg-boss is loaded only for a PostgreSQL server, as its driver is (db/index.ts).
    const { createPgBossRunner } = await import('../jobs/pg-boss-runner');
    return createPgBossRunner({ connectionString: databaseUrl, db: ctx.db, runsJobs: backgroundJobs, timeoutSeconds: jobTimeoutSeconds, handlers, periodic, log: ctx.log });
  }
  return createLocalRunner({ db: ctx.db, handlers, periodic, log: ctx.log });
}

import type { FastifyInstance } from 'fastify';
import { callbackDeliveryJob } from '../callbacks/worker';
import { rateLimitSweepJob, type RateLimiter } from '../auth/rate-limit';
import { DEFAULT_JOB_TIMEOUT_SECONDS } from '../environment';
import type { DatabaseHandle } from '../db';
import { databaseMaintenanceJob } from './maintenance';
import { feedbackSchedulingJob } from '../feedback/timer';
import { jobHandlers } from './job-handlers';
import { createLocalRunner } from '../jobs/local-runner';
import type { JobQueue, PeriodicJob } from '../jobs/queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background work: media processing, releases, label exports, and the periodic jobs. */
    jobs: JobQueue;
  }
}

/**
 * Decorates the app with its job queue: pg-boss on a PostgreSQL server (`DATABASE_URL`), the in-process runner on
 * the embedded database. It starts with the app (running jobs unless `BACKGROUND_JOBS=0`) and, when the app closes,
 * finishes the jobs in hand.
 */
export async function registerJobs(app: FastifyInstance, database: DatabaseHandle, limiter: RateLimiter): Promise<void> {
  const periodic = [
    feedbackSchedulingJob(app),
    databaseMaintenanceJob(app, () => database.maintain()),
    rateLimitSweepJob(limiter),
    callbackDeliveryJob(app),
  ].filter((job): job is PeriodicJob => job !== null);
  const handlers = jobHandlers(app);
  const { databaseUrl, backgroundJobs = true, jobTimeoutSeconds = DEFAULT_JOB_TIMEOUT_SECONDS } = app.config;
  if (databaseUrl) {
    // pg-boss is loaded only for a PostgreSQL server, as its driver is (db/index.ts).
    const { createPgBossRunner } = await import('../jobs/pg-boss-runner');
    app.decorate('jobs', createPgBossRunner({ connectionString: databaseUrl, runsJobs: backgroundJobs, timeoutSeconds: jobTimeoutSeconds, handlers, periodic, log: app.log }));
  } else {
    app.decorate('jobs', createLocalRunner({ db: app.db, handlers, periodic, log: app.log }));
  }
  app.addHook('onReady', () => app.jobs.start());
  app.addHook('preClose', () => app.jobs.stop());
}

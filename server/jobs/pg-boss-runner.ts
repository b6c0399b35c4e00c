import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { startPeriodicTask, type PeriodicTask } from './periodic-task';
import type { Database } from '../db';
import type { Logger } from '../logger';
import { rowsOf } from '../db/json-row';
import { redactedError } from '../net/redact';
import { startTenantLane } from './pg-boss-tenant-lane';
import { JOB_NAMES, TENANT_LANES, type Job, type JobHandlers, type JobName, type JobQueue, type PeriodicJob } from './queue';

const SCHEMA = 'pgboss';
/** Jobs each worker process runs at once per job name (TENANT_LANES say it for theirs). */
const CONCURRENCY = 2;
const POLL_SECONDS = 0.5;
const DRAIN_POLL_MS = 200;
/** The states of a job that waits or runs. */
const UNFINISHED = "('created', 'retry', 'active')";
const RETRY = { retryLimit: 3, retryDelay: 5, retryBackoff: true };
/**
 * Releases and captures are stately: at most one waiting and one running per singleton key (the application, a capture
 * loop), so one instance captures a camera's frame while the next one waits.
 */
const POLICIES: Record<JobName, PgBoss.QueuePolicy> = {
  'process-media': 'standard',
  'release-model': 'stately',
  export: 'standard',
  import: 'standard',
  capture: 'stately',
  'model-predict': 'standard',
  'model-check': 'stately',
  'model-webhook': 'stately',
};

export interface PgBossRunnerOptions {
  connectionString: string;
  /** The service's database on the same server, where the tenant lanes claim their jobs. */
  db: Database;
  /** Whether this process runs the jobs and periodic jobs, or only queues them (`BACKGROUND_JOBS=0`). */
  runsJobs: boolean;
  /** A job running longer (its worker died) is given up and retried. */
  timeoutSeconds: number;
  handlers: JobHandlers;
  periodic: PeriodicJob[];
  log: Logger;
}

/**
 * pg-boss's statement with its `$n` parameters, as a drizzle query, to run in the caller's transaction. An absent
 * value is SQL's null (drizzle would leave out an undefined one).
 */
function boundStatement(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`)));
}

const inTransaction = (tx: Database) => ({
  executeSql: async (text: string, values: unknown[]) => ({ rows: rowsOf(await tx.execute(boundStatement(text, values))) }),
});

/** A periodic job of a minute or more runs once per interval across all workers, from pg-boss's cron. */
const cronOf = (seconds: number) => `*/${Math.min(59, Math.max(1, Math.round(seconds / 60)))} * * * *`;

/**
 * The job queue on a PostgreSQL server: pg-boss, in its own schema. Every instance queues; the worker processes
 * (and instances without `BACKGROUND_JOBS=0`) run the jobs, each job once across all of them. A job whose worker
 * died is retried once its time runs out (pg-boss's maintenance, every few seconds here, finds it).
 */
export function createPgBossRunner(options: PgBossRunnerOptions): JobQueue {
  const { db, runsJobs, timeoutSeconds, handlers, periodic, log } = options;
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: SCHEMA,
    max: runsJobs ? 2 * CONCURRENCY + 2 : 2,
    supervise: runsJobs,
    schedule: runsJobs,
    maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.ceil(timeoutSeconds / 2))),
  });
  boss.on('error', (error) => log.error({ err: error }, 'The job queue reported an error.'));
  let timers: PeriodicTask[] = [];
  let lanes: { stop(): Promise<void> }[] = [];
  let prepared: Promise<void> | null = null;

  /**
   * pg-boss's schema and the queues, made once: by `start`, or by a job sent before it (the demo queues its captures
   * before the service listens, on a database where pg-boss never ran).
   */
  function prepare(): Promise<void> {
    prepared ??= (async () => {
      await boss.start();
      for (const name of JOB_NAMES) await boss.createQueue(name, { name, policy: POLICIES[name] });
    })().catch((error: unknown) => {
      prepared = null;
      throw error;
    });
    return prepared;
  }

  async function startWorkers() {
    for (const name of JOB_NAMES) {
      const handler = handlers[name] as (job: Job) => Promise<void>;
      const lane = TENANT_LANES[name];
      if (lane) {
        lanes.push(startTenantLane({ boss, db, schema: SCHEMA, name, lane, pollSeconds: POLL_SECONDS, handler, log }));
        continue;
      }
      for (let i = 0; i < CONCURRENCY; i += 1) {
        await boss.work<Job['data']>(name, { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS }, async ([job]) => {
          // pg-boss keeps a failed job's error in its output: without credentials (net/redact.ts)
          await handler({ id: job!.id, data: job!.data }).catch((error: unknown) => {
            throw redactedError(error);
          });
        });
      }
    }
    const [cron, timed] = [periodic.filter((job) => job.intervalSeconds >= 60), periodic.filter((job) => job.intervalSeconds < 60)];
    for (const job of cron) {
      await boss.createQueue(job.name, { name: job.name, policy: 'singleton', retryLimit: 0 });
      await boss.schedule(job.name, cronOf(job.intervalSeconds));
      await boss.work(job.name, { pollingIntervalSeconds: POLL_SECONDS }, async () => {
        await job.run();
      });
    }
    timers = timed.map((job) =>
      startPeriodicTask(job.run, job.intervalSeconds * 1000, (error) => log.error({ err: error, job: job.name }, 'A periodic job failed.')),
    );
  }

  return {
    async send(tx, name: JobName, data, { singletonKey, startAfterSeconds } = {}) {
      await prepare();
      // As a time: pg-boss binds a number of seconds where PostgreSQL then expects a timestamp, and the insert fails.
      const startAfter = startAfterSeconds === undefined ? {} : { startAfter: new Date(Date.now() + startAfterSeconds * 1000) };
      await boss.send(name, data as object, { ...RETRY, ...startAfter, expireInSeconds: timeoutSeconds, singletonKey, db: inTransaction(tx) });
    },
    async unfinished(name, field, value) {
      const { rows } = await boss.getDb().executeSql(
        `SELECT count(*)::int AS count, extract(epoch FROM min(created_on))::float8 AS oldest_at
         FROM ${SCHEMA}.job WHERE name = $1 AND data->>$2 = $3 AND state IN ${UNFINISHED}`,
        [name, field, value],
      );
      const [row] = rows as { count: number; oldest_at: number | null }[];
      return { count: row?.count ?? 0, oldestAt: row?.oldest_at ?? null };
    },
    async isPending(name, singletonKey) {
      const { rows } = await boss.getDb().executeSql(
        `SELECT 1 FROM ${SCHEMA}.job WHERE name = $1 AND singleton_key = $2 AND state IN ${UNFINISHED} LIMIT 1`,
        [name, singletonKey],
      );
      return rows.length > 0;
    },
    kick() {
      // The workers poll every POLL_SECONDS.
    },
    async drain() {
      for (;;) {
        const { rows } = await boss.getDb().executeSql(
          `SELECT count(*)::int AS n FROM ${SCHEMA}.job WHERE name = ANY($1) AND state IN ${UNFINISHED}`,
          [JOB_NAMES],
        );
        if ((rows[0] as { n: number }).n === 0) return;
        await new Promise((resolve) => setTimeout(resolve, DRAIN_POLL_MS));
      }
    },
    async start() {
      await prepare();
      if (runsJobs) await startWorkers();
    },
    async stop() {
      await Promise.all(timers.map((timer) => timer.stop()));
      // what periodic jobs left in flight ends first: the captures in hand then end at once, not at their deadline
      await Promise.all(periodic.map((job) => job.stop?.()));
      await Promise.all(lanes.map((lane) => lane.stop()));
      lanes = [];
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
    },
  };
}

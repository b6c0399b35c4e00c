import { and, asc, count, eq, gt, gte, lte, min, sql } from 'drizzle-orm';
import { startPeriodicTask, type PeriodicTask } from './periodic-task';
import type { Database } from '../db';
import type { Logger } from '../logger';
import { localJobs } from '../db/schema';
import type { Job, JobHandlers, JobName, JobQueue, PeriodicJob } from './queue';
import { unixNow } from '../db/unix-time';
import { redactSecrets } from '../net/redact';

/** A claimed job not finished within this time (its process died) is run again. */
const CLAIM_SECONDS = 300;
const MAX_ATTEMPTS = 3;
const RETRY_DELAY_SECONDS = 5;
const POLL_INTERVAL_MS = 2000;

type LocalJobRow = typeof localJobs.$inferSelect;

/** Takes the oldest due job; other processes skip it until the claim runs out. */
async function claimJob(db: Database, now: number): Promise<LocalJobRow | undefined> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: localJobs.id })
      .from(localJobs)
      .where(lte(localJobs.runAfter, now))
      .orderBy(asc(localJobs.runAfter), asc(localJobs.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return undefined;
    const [claimed] = await tx
      .update(localJobs)
      .set({ runAfter: now + CLAIM_SECONDS, attempts: sql`${localJobs.attempts} + 1` })
      .where(eq(localJobs.id, due.id))
      .returning();
    return claimed;
  });
}

/**
 * At start, the jobs that an earlier run had claimed and not finished (it was killed) are due at once instead of when
 * their claim runs out; one claimed at its last attempt is dropped and logged, so that a job that kills the process
 * does not do so at every start. The embedded database has one process (docs/service.md), so no claim is another
 * runner's. A job waiting out a retry delay is due at once too.
 */
async function takeBackClaims(db: Database, log: Logger): Promise<void> {
  const now = unixNow();
  // Claimed, or waiting out a retry delay (a failure at the last attempt deletes the job).
  const notDue = gt(localJobs.runAfter, now);
  const dropped = await db
    .delete(localJobs)
    .where(and(notDue, gte(localJobs.attempts, MAX_ATTEMPTS)))
    .returning({ id: localJobs.id, name: localJobs.name, attempts: localJobs.attempts });
  for (const row of dropped) {
    log.error({ job: `local:${row.id}`, name: row.name, attempts: row.attempts }, 'A background job at its last attempt was in hand when the service stopped; it is dropped.');
  }
  await db
    .update(localJobs)
    .set({ runAfter: now })
    .where(and(notDue, gt(localJobs.attempts, 0)));
}

export interface LocalRunnerOptions {
  db: Database;
  handlers: JobHandlers;
  periodic: PeriodicJob[];
  log: Logger;
}

/**
 * The job queue of the embedded database: jobs in the `local_jobs` table, run one at a time by this process (it
 * is the only one), polled and also kicked when a job is sent. A failing job is retried a few times, then dropped
 * and logged; the jobs a killed run left claimed run again at start. Periodic jobs run on timers.
 */
export function createLocalRunner({ db, handlers, periodic, log }: LocalRunnerOptions): JobQueue {
  let tail: Promise<void> = Promise.resolve();
  let passQueued = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let tasks: PeriodicTask[] = [];

  async function runNextJob(): Promise<boolean> {
    const now = unixNow();
    const row = await claimJob(db, now);
    if (!row) return false;
    const job: Job = { id: `local:${row.id}`, data: row.data as unknown as Job['data'] };
    try {
      await (handlers[row.name as JobName] as (job: Job) => Promise<void>)(job);
      await db.delete(localJobs).where(eq(localJobs.id, row.id));
    } catch (error) {
      log.error({ err: error, job: job.id, name: row.name, attempts: row.attempts }, 'A background job failed.');
      if (row.attempts >= MAX_ATTEMPTS) await db.delete(localJobs).where(eq(localJobs.id, row.id));
      else {
        await db
          .update(localJobs)
          .set({ runAfter: now + RETRY_DELAY_SECONDS * row.attempts, lastError: redactSecrets(String(error)) })
          .where(eq(localJobs.id, row.id));
      }
    }
    return true;
  }

  async function pass(): Promise<void> {
    passQueued = false;
    try {
      while (!stopped && (await runNextJob()));
    } catch (error) {
      log.error({ err: error }, 'A pass over the background jobs failed.');
    }
  }

  function kick() {
    if (stopped || passQueued) return;
    passQueued = true;
    tail = tail.then(pass);
  }

  return {
    async send(tx, name, data, options = {}) {
      const now = unixNow();
      const delay = options.startAfterSeconds ?? 0;
      await tx.execute(sql`
        INSERT INTO local_jobs (name, data, singleton_key, run_after, created_at)
        VALUES (${name}, ${JSON.stringify(data)}::jsonb, ${options.singletonKey ?? null}, ${now + delay}, ${now})
        ON CONFLICT (name, singleton_key) WHERE attempts = 0 DO NOTHING`);
      // A job due sooner than the next poll (a camera's frame each second) is looked for when it is due.
      if (delay > 0 && delay * 1000 < POLL_INTERVAL_MS) setTimeout(kick, delay * 1000).unref();
    },
    async unfinished(name, field, value) {
      const [row] = await db
        .select({ count: count(), oldestAt: min(localJobs.createdAt) })
        .from(localJobs)
        .where(and(eq(localJobs.name, name), sql`${localJobs.data}->>${field} = ${value}`));
      return { count: row?.count ?? 0, oldestAt: row?.oldestAt ?? null };
    },
    async isPending(name, singletonKey) {
      const [row] = await db
        .select({ id: localJobs.id })
        .from(localJobs)
        .where(and(eq(localJobs.name, name), eq(localJobs.singletonKey, singletonKey)))
        .limit(1);
      return row !== undefined;
    },
    kick,
    drain() {
      kick();
      return tail;
    },
    async start() {
      if (timer || stopped) return;
      tail = tail.then(() => takeBackClaims(db, log)).catch((error: unknown) => log.error({ err: error }, 'Taking back the jobs of the last run failed.'));
      timer = setInterval(kick, POLL_INTERVAL_MS);
      timer.unref();
      tasks = periodic.map((job) =>
        startPeriodicTask(job.run, job.intervalSeconds * 1000, (error) => log.error({ err: error, job: job.name }, 'A periodic job failed.')),
      );
      kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await Promise.all(tasks.map((task) => task.stop()));
      await Promise.all(periodic.map((job) => job.stop?.()));
      await tail;
    },
  };
}

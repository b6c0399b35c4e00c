import { and, asc, count, eq, gt, gte, lte, min, notInArray, sql } from 'drizzle-orm';
import { startPeriodicTask, type PeriodicTask } from './periodic-task';
import type { Database } from '../db';
import type { Logger } from '../logger';
import { localJobs } from '../db/schema';
import { JOB_NAMES, TENANT_LANES, type Job, type JobHandlers, type JobName, type JobQueue, type PeriodicJob } from './queue';
import { unixNow } from '../db/unix-time';
import { redactSecrets } from '../net/redact';

/** A claimed job not finished within this time (its process died) is run again. */
const CLAIM_SECONDS = 300;
const MAX_ATTEMPTS = 3;
const RETRY_DELAY_SECONDS = 5;
const POLL_INTERVAL_MS = 2000;

type LocalJobRow = typeof localJobs.$inferSelect;

/** One kind of job, and what of it runs now: at most `concurrency` at once, and `perTenant` of one tenant's. */
interface Lane {
  name: JobName;
  concurrency: number;
  perTenant: number | null;
  running: number;
  byTenant: Map<string, number>;
  /** A claim is being made; a kick meanwhile asks for another pass once it ends. */
  filling: boolean;
  kickedWhileFilling: boolean;
}

/** The tenant a job of a tenant lane counts for (a job sent before the lanes names none). */
const tenantOf = (row: LocalJobRow) => (row.data as { tenantId?: unknown } | null)?.tenantId?.toString() ?? '';

const busyTenants = (lane: Lane) => (lane.perTenant === null ? [] : [...lane.byTenant].filter(([, running]) => running >= lane.perTenant!).map(([tenant]) => tenant));

/** Takes the oldest due job of the lane, of a tenant below its share; other processes skip it until the claim runs out. */
async function claimJob(db: Database, lane: Lane, now: number): Promise<LocalJobRow | undefined> {
  const busy = busyTenants(lane);
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: localJobs.id })
      .from(localJobs)
      .where(
        and(
          eq(localJobs.name, lane.name),
          lte(localJobs.runAfter, now),
          busy.length === 0 ? undefined : notInArray(sql`coalesce(${localJobs.data}->>'tenantId', '')`, busy),
        ),
      )
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
async function takeBackClaims(db: Database, log: Logger, inHand: readonly number[]): Promise<void> {
  const now = unixNow();
  // Claimed, or waiting out a retry delay (a failure at the last attempt deletes the job); not one this runner holds.
  const notDue = and(gt(localJobs.runAfter, now), inHand.length === 0 ? undefined : notInArray(localJobs.id, [...inHand]));
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
 * The job queue of the embedded database: jobs in the `local_jobs` table, run by this process (it is the only one),
 * polled and also kicked when a job is sent. Each kind of job is a lane of its own, one job at a time, and captures
 * their bounded share (TENANT_LANES), so no kind waits behind another. A failing job is retried a few times, then
 * dropped and logged; the jobs a killed run left claimed run again at start. Periodic jobs run on timers.
 */
export function createLocalRunner({ db, handlers, periodic, log }: LocalRunnerOptions): JobQueue {
  const lanes: Lane[] = JOB_NAMES.map((name) => ({
    name,
    concurrency: TENANT_LANES[name]?.concurrency ?? 1,
    perTenant: TENANT_LANES[name]?.perTenant ?? null,
    running: 0,
    byTenant: new Map(),
    filling: false,
    kickedWhileFilling: false,
  }));
  /** What is under way: the lanes' claims and the jobs in hand; `settled` waits until it is empty. */
  const underWay = new Set<Promise<void>>();
  /** The rows of the jobs in hand, which taking back the claims of a run before leaves alone. */
  const inHand = new Set<number>();
  /** Claims, and taking back those of a run before, one at a time: a claim and the job it starts are one step. */
  let claiming: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const result = claiming.then(work);
    claiming = result.catch(() => undefined);
    return result;
  };
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let tasks: PeriodicTask[] = [];

  const track = (work: Promise<void>) => {
    underWay.add(work);
    void work.finally(() => underWay.delete(work));
  };

  async function settled(): Promise<void> {
    while (underWay.size > 0) await Promise.allSettled([...underWay]);
  }

  async function runJob(row: LocalJobRow, now: number): Promise<void> {
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
  }

  function startJob(lane: Lane, row: LocalJobRow, now: number) {
    const tenant = tenantOf(row);
    inHand.add(row.id);
    lane.running += 1;
    lane.byTenant.set(tenant, (lane.byTenant.get(tenant) ?? 0) + 1);
    track(
      runJob(row, now)
        .catch((error: unknown) => log.error({ err: error, job: `local:${row.id}` }, 'Recording the end of a background job failed.'))
        .finally(() => {
          inHand.delete(row.id);
          lane.running -= 1;
          const left = lane.byTenant.get(tenant)! - 1;
          if (left === 0) lane.byTenant.delete(tenant);
          else lane.byTenant.set(tenant, left);
          fill(lane);
        }),
    );
  }

  /** Claims the lane's next due job and starts it; false when there is none. */
  const startNext = (lane: Lane) =>
    oneAtATime(async () => {
      const now = unixNow();
      const row = await claimJob(db, lane, now);
      if (row) startJob(lane, row, now);
      return row !== undefined;
    });

  /** Starts due jobs of the lane while it has room. */
  async function fillLane(lane: Lane): Promise<void> {
    do {
      lane.kickedWhileFilling = false;
      while (!stopped && lane.running < lane.concurrency && (await startNext(lane)));
    } while (lane.kickedWhileFilling && !stopped);
  }

  function fill(lane: Lane) {
    if (stopped) return;
    if (lane.filling) {
      lane.kickedWhileFilling = true;
      return;
    }
    lane.filling = true;
    track(
      fillLane(lane)
        .catch((error: unknown) => log.error({ err: error, lane: lane.name }, 'A pass over the background jobs failed.'))
        .finally(() => {
          lane.filling = false;
        }),
    );
  }

  function kick() {
    for (const lane of lanes) fill(lane);
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
    async drain() {
      kick();
      await settled();
    },
    async start() {
      if (timer || stopped) return;
      void oneAtATime(() => takeBackClaims(db, log, [...inHand])).catch((error: unknown) => log.error({ err: error }, 'Taking back the jobs of the last run failed.'));
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
      await settled();
    },
  };
}

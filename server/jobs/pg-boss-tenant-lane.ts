import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Database } from '../db';
import { rowsOf } from '../db/json-row';
import type { Logger } from '../logger';
import { redactedError } from '../net/redact';
import type { Job, JobName } from './queue';

export interface TenantLaneOptions {
  boss: PgBoss;
  /** The service's database (the one pg-boss's schema is in), for the claim's transaction. */
  db: Database;
  schema: string;
  name: JobName;
  /** Jobs this process runs at once, and at most how many of one tenant's across all processes. */
  lane: { concurrency: number; perTenant: number };
  pollSeconds: number;
  handler: (job: Job) => Promise<void>;
  log: Logger;
}

/**
 * Takes the oldest due job of the queue whose tenant (`data.tenantId`) has fewer than `perTenant` active, and whose
 * singleton key has none active (the queue is stately), as pg-boss's own fetch would mark it. Claims of the queue take
 * a transaction lock in turn, so two workers never both count a tenant below its share.
 */
async function claimJob(db: Database, schema: string, name: JobName, perTenant: number): Promise<Job | undefined> {
  const tenant = sql`coalesce(data->>'tenantId', '')`;
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`looplabel-claim:${schema}:${name}`}))`);
      const rows = rowsOf<{ id: string; data: Job['data'] }>(
        await tx.execute(sql`
          WITH busy AS (
            SELECT ${tenant} AS tenant FROM ${sql.identifier(schema)}.job
            WHERE name = ${name} AND state = 'active' GROUP BY 1 HAVING count(*) >= ${perTenant}
          ), next AS (
            SELECT j.id FROM ${sql.identifier(schema)}.job j
            WHERE j.name = ${name} AND j.state < 'active' AND j.start_after < now()
              AND coalesce(j.data->>'tenantId', '') NOT IN (SELECT tenant FROM busy)
              AND NOT EXISTS (
                SELECT 1 FROM ${sql.identifier(schema)}.job a
                WHERE a.name = ${name} AND a.state = 'active' AND coalesce(a.singleton_key, '') = coalesce(j.singleton_key, ''))
            ORDER BY j.priority DESC, j.created_on, j.id
            LIMIT 1
            FOR UPDATE SKIP LOCKED
          )
          UPDATE ${sql.identifier(schema)}.job j SET
            state = 'active',
            started_on = now(),
            retry_count = CASE WHEN j.started_on IS NOT NULL THEN j.retry_count + 1 ELSE j.retry_count END
          FROM next WHERE j.name = ${name} AND j.id = next.id
          RETURNING j.id, j.data`),
      );
      return rows[0];
    });
  } catch (error) {
    // as in pg-boss's fetch: a job whose key became active meanwhile breaks the stately index; it is taken later
    if ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505') return undefined;
    throw error;
  }
}

/**
 * A pg-boss queue worked by this process with a bounded share per tenant (TENANT_LANES): pg-boss's `work` knows no
 * tenants, so this worker claims the jobs itself and ends them through pg-boss (complete, or fail and retry).
 */
export function startTenantLane({ boss, db, schema, name, lane, pollSeconds, handler, log }: TenantLaneOptions): { stop(): Promise<void> } {
  let running = 0;
  let stopped = false;
  let filling: Promise<void> | null = null;
  let kickedWhileFilling = false;
  const inHand = new Set<Promise<void>>();

  function run(job: Job) {
    running += 1;
    const done = handler(job)
      .then(
        () => boss.complete(name, job.id),
        (error: unknown) => boss.fail(name, job.id, redactedError(error)),
      )
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error, job: job.id, name }, 'Recording the end of a background job failed.'),
      )
      .finally(() => {
        running -= 1;
        inHand.delete(done);
        fill();
      });
    inHand.add(done);
  }

  async function fillLane() {
    do {
      kickedWhileFilling = false;
      while (!stopped && running < lane.concurrency) {
        const job = await claimJob(db, schema, name, lane.perTenant);
        if (!job) break;
        run(job);
      }
    } while (kickedWhileFilling && !stopped);
  }

  function fill() {
    if (stopped) return;
    if (filling) {
      kickedWhileFilling = true;
      return;
    }
    filling = fillLane()
      .catch((error: unknown) => log.error({ err: error, name }, 'Taking a background job failed.'))
      .finally(() => (filling = null));
  }

  const timer = setInterval(fill, pollSeconds * 1000);
  timer.unref();
  fill();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await filling;
      await Promise.allSettled([...inHand]);
    },
  };
}

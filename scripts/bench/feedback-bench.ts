import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { postFeedback, pullFeedback } from '../../src/api/endpoints/feedback';
import type { QueuedProposal } from '../../server/db/schema';
import { DEMO_ACCOUNTS } from '../../server/demo/seed-identity';
import { insertMediaRows } from '../../server/testing/perf-fixtures';
import { createBenchApplication } from './bulk-data';
import type { FreshService } from './fresh-service';
import { summarize, timed, type LatencySummary } from './stats';

export interface FeedbackBenchOptions {
  labellers: number;
  /** Each labeller pulls this many times, ... */
  rounds: number;
  /** ... takes up to this many requests each time and answers every one. */
  pullLimit: number;
  /**
   * How long a labeller looks at an item before answering, on average (spread ±50 %). 0 sends requests back to
   * back, which measures the service saturated rather than people working.
   */
  thinkMs: number;
}

/** Ten labellers each answering four items a second: several times faster than a person can decide. */
export const FEEDBACK_BENCH: FeedbackBenchOptions = { labellers: 10, rounds: 12, pullLimit: 5, thinkMs: 250 };
/** The same ten with no time to think: the service saturated. */
export const FEEDBACK_SATURATION_BENCH: FeedbackBenchOptions = { ...FEEDBACK_BENCH, thinkMs: 0 };

export interface FeedbackBenchResult {
  labellers: number;
  think_ms: number;
  pull: LatencySummary;
  post: LatencySummary;
}

/** Fills a detection_fullframe application's queue with scheduled requests, then lets the labellers work it at once. */
export async function benchFeedback(service: FreshService, options: FeedbackBenchOptions = FEEDBACK_BENCH): Promise<FeedbackBenchResult> {
  const { db, blobs } = service.app;
  const tenantId = service.identity.tenantIds.demoLab;
  const app = await createBenchApplication(db, tenantId, 'detection_fullframe', 1, DEMO_ACCOUNTS.admin.email);
  const subjectUid = app.outputSubjectUids[0] as string;
  const total = options.labellers * options.rounds * options.pullLimit;
  const prefix = `med_benchfb${options.thinkMs}_`;
  await insertMediaRows(db, blobs, tenantId, prefix, total);
  const proposals: QueuedProposal[] = [{ subject_uid: subjectUid, probability: 0.5, uncal_prob: 0.5, app_data_type: null, app_data: null }];
  const now = Date.now() / 1000;
  await db.execute(sql`
    INSERT INTO feedback_queue (app_id, media_id, focus_key, priority, proposals, created_at, scheduled_at)
    SELECT ${app.applicationId}, ${prefix} || i, '', (i % 97) / 97.0, ${JSON.stringify(proposals)}::jsonb, ${now}, ${now}
    FROM generate_series(1, ${total}) AS i`);

  const clients = await Promise.all(Array.from({ length: options.labellers }, () => service.signIn('labeller')));
  const pulls: number[] = [];
  const posts: number[] = [];
  await Promise.all(
    clients.map(async (client, labeller) => {
      let answered = 0;
      for (let round = 0; round < options.rounds; round += 1) {
        const requests = await timed(pulls, () => pullFeedback(client, app.applicationId, options.pullLimit));
        for (const request of requests) {
          answered += 1;
          await think(options.thinkMs, labeller * 31 + answered * 17);
          const answer = {
            media_id: request.media_id,
            subjects: [{ subject_uid: subjectUid, result: 'True' as const }],
            decision_time: Date.now() / 1000,
            client_data: { app: 'looplabel-bench', decision_seconds: 1.5 },
          };
          await timed(posts, () => postFeedback(client, app.applicationId, answer, randomUUID()));
        }
      }
    }),
  );
  if (posts.length !== total) throw new Error(`The labellers answered ${posts.length} requests, not ${total}.`);
  return { labellers: options.labellers, think_ms: options.thinkMs, pull: summarize(pulls), post: summarize(posts) };
}

/** Waits about `meanMs`, spread deterministically by `step` over 0.5× to 1.5×. */
function think(meanMs: number, step: number): Promise<void> {
  if (meanMs === 0) return Promise.resolve();
  return new Promise((resolve) => setTimeout(resolve, meanMs * (0.5 + (step % 101) / 100)));
}

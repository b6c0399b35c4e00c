import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import type { QueuedProposal } from '../../server/db/schema';
import { DEMO_ACCOUNTS } from '../../server/demo/seed-identity';
import { insertMediaRows } from '../../server/testing/perf-fixtures';
import { createBenchApplication } from './bulk-data';
import type { FreshService } from './fresh-service';
import type { LabellersInput, LabellersOptions, LabellersSamples } from './labellers';
import { summarize, type LatencySummary } from './stats';

export type FeedbackBenchOptions = LabellersOptions;

/** Ten labellers each answering four items a second: several times faster than a person can decide. */
export const FEEDBACK_BENCH: FeedbackBenchOptions = { labellers: 10, warmUpRounds: 2, rounds: 12, pullLimit: 5, thinkMs: 250 };
/** The same ten with no time to think: the service saturated. */
export const FEEDBACK_SATURATION_BENCH: FeedbackBenchOptions = { ...FEEDBACK_BENCH, thinkMs: 0 };

export interface FeedbackBenchResult {
  labellers: number;
  think_ms: number;
  /** Round trips as the labellers' client saw them. */
  pull: LatencySummary;
  post: LatencySummary;
  /** The same requests inside the service: received to answered. */
  service: { pull: LatencySummary; post: LatencySummary };
}

/** Pulls and posts of feedback (not the pending counts). */
const feedbackRequest = (method: string, url: string) =>
  !/\/feedback(\?|$)/.test(url) ? null : method === 'GET' ? 'pull' : method === 'POST' ? 'post' : null;

/** Fills a detection_fullframe application's queue with scheduled requests, then lets the labellers work it at once. */
export async function benchFeedback(service: FreshService, options: FeedbackBenchOptions = FEEDBACK_BENCH): Promise<FeedbackBenchResult> {
  const { db, blobs } = service.app;
  const tenantId = service.identity.tenantIds.demoLab;
  const app = await createBenchApplication(db, tenantId, 'detection_fullframe', 1, DEMO_ACCOUNTS.admin.email);
  const subjectUid = app.outputSubjectUids[0] as string;
  const timedAnswers = options.labellers * options.rounds * options.pullLimit;
  const total = options.labellers * (options.warmUpRounds + options.rounds) * options.pullLimit;
  const prefix = `med_benchfb${options.thinkMs}_`;
  await insertMediaRows(db, blobs, tenantId, prefix, total);
  const proposals: QueuedProposal[] = [{ subject_uid: subjectUid, probability: 0.5, uncal_prob: 0.5, app_data_type: null, app_data: null }];
  const now = Date.now() / 1000;
  await db.execute(sql`
    INSERT INTO feedback_queue (app_id, media_id, focus_key, priority, proposals, created_at, scheduled_at)
    SELECT ${app.applicationId}, ${prefix} || i, '', (i % 97) / 97.0, ${JSON.stringify(proposals)}::jsonb, ${now}, ${now}
    FROM generate_series(1, ${total}) AS i`);
  // As the service's periodic maintenance would after such a bulk load (PGlite has no autovacuum).
  await service.app.maintainDatabase();

  const tokens = await Promise.all(Array.from({ length: options.labellers }, () => service.accessToken('labeller')));
  const input: LabellersInput = { baseUrl: service.baseUrl, tokens, applicationId: app.applicationId, subjectUid, options };
  const serviceTimes = service.timeRequests(feedbackRequest);
  const { pulls, posts } = await inWorker(input);
  const inService = serviceTimes.stop();
  if (posts.length !== timedAnswers) throw new Error(`The labellers answered ${posts.length} timed requests, not ${timedAnswers}.`);
  // The service cannot tell warm-up rounds from timed ones: it leaves out as many of its first requests.
  const warmUp = options.labellers * options.warmUpRounds;
  return {
    labellers: options.labellers,
    think_ms: options.thinkMs,
    pull: summarize(pulls),
    post: summarize(posts),
    service: {
      pull: summarize(inService.get('pull')!.slice(warmUp)),
      post: summarize(inService.get('post')!.slice(warmUp * options.pullLimit)),
    },
  };
}

/** Runs the labellers on a worker thread (TypeScript through tsx, also when started from a test). */
function inWorker(input: LabellersInput): Promise<LabellersSamples> {
  const worker = new Worker(new URL('./labellers-worker.mjs', import.meta.url), { workerData: input });
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The labellers' thread ended (exit code ${code}) without figures.`)));
  });
}

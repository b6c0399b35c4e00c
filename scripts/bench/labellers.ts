import { randomUUID } from 'node:crypto';
import { createApiClient } from '../../src/api/client';
import { getPendingCount, postFeedback, pullFeedback } from '../../src/api/endpoints/feedback';
import { timed } from './stats';

export interface LabellersOptions {
  labellers: number;
  /** Each labeller pulls this many times, ... */
  rounds: number;
  /** ... after this many rounds that are not timed (a fresh process runs unoptimised code at first), ... */
  warmUpRounds: number;
  /** ... takes up to this many requests each time and answers every one. */
  pullLimit: number;
  /**
   * How long a labeller looks at an item before answering, on average (spread ±50 %). 0 sends requests back to
   * back, which measures the service saturated rather than people working.
   */
  thinkMs: number;
}

export interface LabellersInput {
  baseUrl: string;
  /** One bearer token per labeller. */
  tokens: string[];
  applicationId: string;
  /** The application's one output subject, answered True every time. */
  subjectUid: string;
  options: LabellersOptions;
}

/** Milliseconds per pull and per post, in the order they finished. */
export interface LabellersSamples {
  pulls: number[];
  posts: number[];
}

/** Waits about `meanMs`, spread deterministically by `step` over 0.5× to 1.5×. */
function think(meanMs: number, step: number): Promise<void> {
  if (meanMs === 0) return Promise.resolve();
  return new Promise((resolve) => setTimeout(resolve, meanMs * (0.5 + (step % 101) / 100)));
}

/**
 * The labellers working one application's queue at once, each as the workspace does it: pull a batch, answer every
 * item (with `Idempotency-Key`, `decision_time` and `client_data`), pull again. With think time, they start one
 * after another over the first think time, as people do, rather than all in the same millisecond.
 */
export async function workQueue(input: LabellersInput): Promise<LabellersSamples> {
  const { options } = input;
  const samples: LabellersSamples = { pulls: [], posts: [] };
  const untimed: LabellersSamples = { pulls: [], posts: [] };
  await Promise.all(
    input.tokens.map(async (token, labeller) => {
      const client = createApiClient({ baseUrl: input.baseUrl, getToken: () => token });
      await new Promise((resolve) => setTimeout(resolve, (options.thinkMs * labeller) / input.tokens.length));
      // As the workspace opens: it shows the pending count before it pulls (not timed; it opens the connection).
      await getPendingCount(client, input.applicationId);
      let answered = 0;
      for (let round = 0; round < options.warmUpRounds + options.rounds; round += 1) {
        const { pulls, posts } = round < options.warmUpRounds ? untimed : samples;
        const requests = await timed(pulls, () => pullFeedback(client, input.applicationId, options.pullLimit));
        for (const request of requests) {
          answered += 1;
          await think(options.thinkMs, labeller * 31 + answered * 17);
          const answer = {
            media_id: request.media_id,
            subjects: [{ subject_uid: input.subjectUid, result: 'True' as const }],
            decision_time: Date.now() / 1000,
            client_data: { app: 'looplabel-bench', decision_seconds: 1.5 },
          };
          await timed(posts, () => postFeedback(client, input.applicationId, answer, randomUUID()));
        }
      }
    }),
  );
  return samples;
}

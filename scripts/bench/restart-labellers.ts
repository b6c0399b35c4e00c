import { randomUUID } from 'node:crypto';
import { createApiClient, type ApiClient } from '../../src/api/client';
import { listApplicationDetections, listNextDetections } from '../../src/api/endpoints/detections';
import { postFeedback, pullFeedback } from '../../src/api/endpoints/feedback';
import type { Application } from '../../src/api/schemas/application';
import type { FeedbackResponse } from '../../src/api/schemas/feedback';

/** An answer the service acknowledged with 204: it must survive any crash after that. */
interface AcknowledgedAnswer {
  applicationId: string;
  mediaId: string;
}

/** A demo application the labellers answer, and how an answer to it looks (it needs no app_data). */
export interface AnsweredApplication {
  application: Application;
  answer(mediaId: string): FeedbackResponse;
}

/** Yes for every output subject (detection_fullframe) or the first class (classification). */
export function answeredApplication(application: Application): AnsweredApplication {
  const outputs = application.output_subjects ?? [];
  const subjects =
    application.type === 'classification'
      ? [{ subject_uid: outputs[0]!, result: 'True' as const }]
      : outputs.map((uid) => ({ subject_uid: uid, result: 'True' as const }));
  return {
    application,
    answer: (mediaId) => ({ media_id: mediaId, subjects, decision_time: Date.now() / 1000, client_data: { app: 'looplabel-bench' } }),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Labellers pulling and answering without pause for the service's failures: a failed request (the service is down)
 * is tried again after a short wait, with a new pull. Every 204 is recorded.
 */
export function startLabellers(baseUrl: string, tokens: string[], applications: AnsweredApplication[], thinkMs: number) {
  const acknowledged: AcknowledgedAnswer[] = [];
  let stopped = false;
  const work = async (token: string, index: number) => {
    const client = createApiClient({ baseUrl, getToken: () => token });
    const { application, answer } = applications[index % applications.length]!;
    while (!stopped) {
      try {
        const requests = await pullFeedback(client, application.application_id, 5);
        if (requests.length === 0) await sleep(200);
        for (const request of requests) {
          if (stopped) break;
          await sleep(thinkMs * (0.5 + Math.random()));
          await postFeedback(client, application.application_id, answer(request.media_id), randomUUID());
          acknowledged.push({ applicationId: application.application_id, mediaId: request.media_id });
        }
      } catch {
        await sleep(50);
      }
    }
  };
  const running = Promise.all(tokens.map(work));
  return {
    acknowledged,
    async stop() {
      stopped = true;
      await running;
    },
  };
}

/** The media items of the application that hold a person's answer, from its detections (only_user), page by page. */
export async function answeredMedia(client: ApiClient, applicationId: string): Promise<Set<string>> {
  const answered = new Set<string>();
  let page = await listApplicationDetections(client, applicationId, { only_user: true, limit: 100 });
  for (;;) {
    for (const record of page.data) answered.add(record.media.media_id);
    if (!page.paging.next || page.data.length === 0) return answered;
    page = await listNextDetections(client, page.paging.next);
  }
}

import type { ApiClient } from '../client';
import { pageOf } from '../schemas/envelopes';
import { answerCountSchema, answeredFeedbackSchema, type AnswerBucket } from '../schemas/feedback-history';

const historyPath = (appId: string) => `/21/applications/${encodeURIComponent(appId)}/feedbackRequests`;

/** How many answers the application has, and how many per hour or day (the last 48 hours or 30 days). */
export const countAnswers = (client: ApiClient, appId: string, bucket: AnswerBucket) =>
  client.request(`${historyPath(appId)}/count`, answerCountSchema, { query: { bucket } });

/** The answers people gave in the application, newest first; `paging.next` for more. */
export const listAnswers = (client: ApiClient, appId: string, limit: number) =>
  client.request(historyPath(appId), pageOf(answeredFeedbackSchema), { query: { limit } });

import type { ApiClient } from '../client';
import type { AnswerBucket, AnswerCount, AnsweredFeedback } from '../schemas/feedback-history';
import type { PagedResponse } from '../types';

/** How many answers the application has, and how many per hour or day (the last 48 hours or 30 days). */
export const countAnswers = (client: ApiClient, appId: string, bucket: AnswerBucket) =>
  client.request<AnswerCount>(`/21/applications/${encodeURIComponent(appId)}/feedbackRequests/count`, { query: { bucket } });

/** The answers people gave in the application, newest first; `paging.next` for more. */
export const listAnswers = (client: ApiClient, appId: string, limit: number) =>
  client.request<PagedResponse<AnsweredFeedback>>(`/21/applications/${encodeURIComponent(appId)}/feedbackRequests`, { query: { limit } });

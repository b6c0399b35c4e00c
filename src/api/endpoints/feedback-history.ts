import type { ApiClient } from '../client';
import type { AnswerBucket, AnswerCount } from '../schemas/feedback-history';

/** How many answers the application has, and how many per hour or day (the last 48 hours or 30 days). */
export const countAnswers = (client: ApiClient, appId: string, bucket: AnswerBucket) =>
  client.request<AnswerCount>(`/21/applications/${encodeURIComponent(appId)}/feedbackRequests/count`, { query: { bucket } });

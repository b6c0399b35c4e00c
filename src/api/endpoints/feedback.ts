import { z } from '../zod';
import type { ApiClient } from '../client';
import { FEEDBACK_PULL_LIMIT } from '../limits';
import { noContent } from '../schemas/envelopes';
import type { FeedbackResponse } from '../schemas/feedback';
import { feedbackRequestSchema, pendingCountSchema, type FeedbackRequest } from '../schemas/feedback-requests';
import { queueFeedbackResult, type QueueFeedbackBody } from '../schemas/feedback-queue';

const feedbackPath = (appId: string) => `/1/applications/${encodeURIComponent(appId)}/feedback`;
const feedbackRequests = z.array(feedbackRequestSchema);

export const MAX_FEEDBACK_PULL = FEEDBACK_PULL_LIMIT.max;

/** Takes up to `limit` scheduled requests off the application's queue: they are the caller's from now on. */
export function pullFeedback(client: ApiClient, appId: string, limit: number): Promise<FeedbackRequest[]> {
  if (!Number.isInteger(limit) || limit < FEEDBACK_PULL_LIMIT.min || limit > MAX_FEEDBACK_PULL) {
    return Promise.reject(new RangeError(`limit must be an integer from ${FEEDBACK_PULL_LIMIT.min} to ${MAX_FEEDBACK_PULL}.`));
  }
  return client.request(feedbackPath(appId), feedbackRequests, { query: { limit } });
}

/**
 * The requests the caller holds already (pulled on another device, or before this browser lost them), their leases
 * renewed. An extension: a plain pull never serves them again. Recover them before pulling new work.
 */
export const getHeldFeedback = (client: ApiClient, appId: string) => client.request(`${feedbackPath(appId)}/held`, feedbackRequests);

/** Posts one answer (204). The same `idempotencyKey` on a retry makes the service count it once. */
export const postFeedback = (client: ApiClient, appId: string, body: FeedbackResponse, idempotencyKey: string) =>
  client.request(feedbackPath(appId), noContent, { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });

export const getPendingCount = (client: ApiClient, appId: string) => client.request(`${feedbackPath(appId)}/pending`, pendingCountSchema);

export interface ReturnOptions {
  /**
   * A skip (the default, as the interface has it): the service does not serve these items to this user again
   * while a lease would last. `false` only hands them back, as when the labeller leaves the queue.
   */
  skip?: boolean;
  keepalive?: boolean;
}

/** Hands leased requests back to the front of the queue (204); ids the caller does not hold are ignored. */
export const returnFeedback = (client: ApiClient, appId: string, mediaIds: readonly string[], { skip = true, keepalive }: ReturnOptions = {}) =>
  client.request(`${feedbackPath(appId)}/return`, noContent, { method: 'POST', body: { media_ids: mediaIds, skip }, keepalive });

/** Queues media items of the application for labelling whatever its model thinks (its managers only). */
export const queueForFeedback = (client: ApiClient, appId: string, body: QueueFeedbackBody) =>
  client.request(`${feedbackPath(appId)}/queue`, queueFeedbackResult, { method: 'POST', body });

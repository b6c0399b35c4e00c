import { z } from '../zod';
import type { ApiClient } from '../client';
import { consensusEntrySchema, reviewItemSchema, type ResolveReviewBody } from '../schemas/consensus';
import { pageOf } from '../schemas/envelopes';

const appPath = (appId: string) => `/1/applications/${encodeURIComponent(appId)}`;

/** The application's review queue: items whose labellers disagreed, oldest first, each with every answer. */
export const listReviews = (client: ApiClient, appId: string, limit = 10) =>
  client.request(`${appPath(appId)}/reviews`, pageOf(reviewItemSchema), { query: { limit } });

export const countReviews = (client: ApiClient, appId: string) =>
  client.request(`${appPath(appId)}/reviews/count`, z.object({ pending: z.number() }));

/** A manager's decision on a disagreement; the answer is checked by the same rules as feedback. */
export const resolveReview = (client: ApiClient, appId: string, reviewId: string, body: ResolveReviewBody) =>
  client.request(`${appPath(appId)}/reviews/${encodeURIComponent(reviewId)}`, consensusEntrySchema, { method: 'POST', body });

/** Decided items, newest first. */
export const listConsensusHistory = (client: ApiClient, appId: string, limit = 10) =>
  client.request(`${appPath(appId)}/consensusHistory`, pageOf(consensusEntrySchema), { query: { limit } });

import type { ApiClient } from '../client';
import type { ConsensusEntry, ConsensusSnapshot, ResolveReviewBody, ReviewItem } from '../schemas/consensus';
import type { PagedResponse } from '../types';

const appPath = (appId: string) => `/1/applications/${encodeURIComponent(appId)}`;

/** The application's review queue: items whose labellers disagreed, oldest first, each with every answer. */
export const listReviews = (client: ApiClient, appId: string, limit = 10) =>
  client.request<PagedResponse<ReviewItem>>(`${appPath(appId)}/reviews`, { query: { limit } });

export const countReviews = (client: ApiClient, appId: string) =>
  client.request<{ pending: number }>(`${appPath(appId)}/reviews/count`);

/** A manager's decision on a disagreement; the answer is checked by the same rules as feedback. */
export const resolveReview = (client: ApiClient, appId: string, reviewId: string, body: ResolveReviewBody) =>
  client.request<ConsensusEntry>(`${appPath(appId)}/reviews/${encodeURIComponent(reviewId)}`, { method: 'POST', body });

/** Decided items, newest first. */
export const listConsensusHistory = (client: ApiClient, appId: string, limit = 10) =>
  client.request<PagedResponse<ConsensusEntry>>(`${appPath(appId)}/consensusHistory`, { query: { limit } });

/** Per labeller: answers, pace and agreement with consensus. */
export const getConsensusSnapshot = (client: ApiClient, appId: string) =>
  client.request<ConsensusSnapshot>(`/22/applications/${encodeURIComponent(appId)}/leaderboard/recent_consensus_snapshot`);

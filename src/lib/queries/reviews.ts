import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { countReviews, listConsensusHistory, listReviews, resolveReview } from '../../api/endpoints/consensus';
import type { ResolveReviewBody } from '../../api/schemas/consensus';
import { getApiClient } from '../api-client';
import { reviewKeys } from './keys';

/** The first disagreements of the queue (the review page works through them in order). */
export const reviewQueueQueryOptions = (appId: string) =>
  queryOptions({ queryKey: reviewKeys.queue(appId), queryFn: async () => (await listReviews(getApiClient(), appId)).data });

export const reviewCountQueryOptions = (appId: string) =>
  queryOptions({ queryKey: reviewKeys.count(appId), queryFn: async () => (await countReviews(getApiClient(), appId)).pending });

/** The latest decided items (agreed, reviewed, or single answers). */
export const consensusHistoryQueryOptions = (appId: string) =>
  queryOptions({ queryKey: reviewKeys.history(appId), queryFn: async () => (await listConsensusHistory(getApiClient(), appId, 8)).data });

/** Resolves a disagreement; the queue, its count and the leaderboard are asked again. */
export function useResolveReview(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, body }: { reviewId: string; body: ResolveReviewBody }) => resolveReview(getApiClient(), appId, reviewId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all(appId) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queueForFeedback } from '../../../api/endpoints/feedback';
import { FEEDBACK_QUEUE_MEDIA_MAX } from '../../../api/limits';
import type { QueueFeedbackResult } from '../../../api/schemas/feedback-queue';
import { getApiClient } from '../../../lib/api-client';
import { applicationKeys } from '../../../lib/queries/keys';

const NOTHING: QueueFeedbackResult = { queued: [], already_waiting: [], already_answered: [], not_found: [] };

/** Queues media items of the application for labelling, 1,000 a call, and what became of them all together. */
async function queueAll(appId: string, mediaIds: readonly string[]): Promise<QueueFeedbackResult> {
  let result = NOTHING;
  for (let start = 0; start < mediaIds.length; start += FEEDBACK_QUEUE_MEDIA_MAX) {
    const part = await queueForFeedback(getApiClient(), appId, { media_ids: mediaIds.slice(start, start + FEEDBACK_QUEUE_MEDIA_MAX) });
    result = {
      queued: [...result.queued, ...part.queued],
      already_waiting: [...result.already_waiting, ...part.already_waiting],
      already_answered: [...result.already_answered, ...part.already_answered],
      not_found: [...result.not_found, ...part.not_found],
    };
  }
  return result;
}

/** "Queue for labelling": the media items (or those `collect` finds, such as all a filter shows) into the queue. */
export function useQueueForLabelling(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (collect: () => Promise<readonly string[]>) => queueAll(appId, await collect()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationKeys.pending(appId) }),
  });
}

const items = (n: number) => `${n.toLocaleString('en')} item${n === 1 ? '' : 's'}`;

/** What a queueing did, in a sentence for the manager. */
export function describeQueued({ queued, already_waiting, already_answered, not_found }: QueueFeedbackResult): string {
  const done = queued.length > 0 ? `Queued ${items(queued.length)} for labelling; each reaches the labellers once the model has looked at it.` : 'Nothing new was queued.';
  const left = [
    already_waiting.length > 0 && `${items(already_waiting.length)} already waiting`,
    already_answered.length > 0 && `${items(already_answered.length)} already answered`,
    not_found.length > 0 && `${items(not_found.length)} no longer found`,
  ].filter(Boolean);
  return left.length > 0 ? `${done} Left as they were: ${left.join(', ')}.` : done;
}

import { z } from '../zod';
import { FEEDBACK_QUEUE_MEDIA_MAX } from '../limits';

const MEDIA_IDS_MESSAGE = `media_ids lists 1 to ${FEEDBACK_QUEUE_MEDIA_MAX.toLocaleString('en')} media ids.`;

/** `POST /1/applications/{id}/feedback/queue`: media items a manager wants labelled, whatever the model thinks of them. */
export const queueFeedbackBody = z.object({
  media_ids: z.pipe(
    z
      .array(z.string().check(z.minLength(1), z.maxLength(100)), MEDIA_IDS_MESSAGE)
      .check(z.minLength(1, MEDIA_IDS_MESSAGE), z.maxLength(FEEDBACK_QUEUE_MEDIA_MAX, MEDIA_IDS_MESSAGE)),
    z.transform((ids) => [...new Set(ids)]),
  ),
});
export type QueueFeedbackBody = z.input<typeof queueFeedbackBody>;

/** What became of each media item: queued now, or left as it was (and why). */
export const queueFeedbackResult = z.object({
  /** Queued: each reaches the labellers once the application's model has looked at it (seconds). */
  queued: z.array(z.string()),
  /** Waiting in the queue already, or held by a labeller. */
  already_waiting: z.array(z.string()),
  /** A person answered it in this application already. */
  already_answered: z.array(z.string()),
  /** No media item of the tenant has this id. */
  not_found: z.array(z.string()),
});
export type QueueFeedbackResult = z.infer<typeof queueFeedbackResult>;

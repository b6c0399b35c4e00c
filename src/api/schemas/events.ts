import { z } from '../zod';

/** The events an application sends: a detection post to each `detection_post_urls` entry. */
export const EVENT_TYPES = [
  { event_type: 'detection', description: 'Subjects detected over their threshold in a media item, posted to each detection post URL.' },
] as const;

export const eventTypeSchema = z.object({ event_type: z.string(), description: z.string() });

/** One sent (or still to be sent) event, as `GET /1/applications/{id}/events` lists it, newest first. */
export const applicationEventSchema = z.object({
  event_id: z.string(),
  event_type: z.string(),
  url: z.string(),
  /** `pending` while it is being delivered or retried, then `delivered` or `failed`. */
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().check(z.int()),
  created_at: z.number(),
  last_error: z.nullable(z.string()),
  /** What is (or was) posted. */
  body: z.unknown(),
});
export type ApplicationEvent = z.infer<typeof applicationEventSchema>;

/** `GET /1/applications/{id}/replay`: whether the application re-runs its model on past media. */
export const replaySchema = z.object({ replay: z.boolean() });

/** `GET /1/applications/{id}/detections/pending`: media items waiting for the application's model. */
export const pendingDetectionsSchema = z.object({
  pending: z.number().check(z.int()),
  /** When the oldest of them arrived, or null. */
  oldest_at: z.nullable(z.number()),
});
export type PendingDetections = z.infer<typeof pendingDetectionsSchema>;

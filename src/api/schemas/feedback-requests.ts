import { z } from '../zod';
import { appDataType, storedAppData } from './detections';
import { focusSchema } from './feedback';
import { mediaSchema } from './media';

/** A model's proposal for one subject of a feedback request. */
export const proposedSubjectSchema = z.object({
  subject_uid: z.string(),
  media_id: z.string(),
  probability: z.number(),
  app_data_type: appDataType,
  app_data: storedAppData,
  /** Extension: where the objects a count counts are (static_count), one point each in media pixels. */
  counted: z.optional(z.array(z.object({ x: z.number(), y: z.number() }))),
});
export type ProposedSubject = z.infer<typeof proposedSubjectSchema>;

/** One item of an application's feedback queue, as a pull serves it. */
export const feedbackRequestSchema = z.object({
  media_id: z.string(),
  media: mediaSchema,
  subjects: z.array(proposedSubjectSchema),
  other_media: z.optional(z.array(mediaSchema)),
  focus: z.optional(z.nullable(focusSchema)),
});
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

export const pendingCountSchema = z.object({
  /** Waiting in the queue. */
  pending: z.number(),
  /** Held by labellers (leased, not yet answered). */
  leased: z.number(),
});

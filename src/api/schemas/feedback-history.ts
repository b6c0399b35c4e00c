import { z } from '../zod';
import { appDataType, storedAppData } from './detections';
import { focusSchema } from './feedback';
import { ANSWER_SETS } from './models';

/** One subject of an answer as it was stored. */
const answeredSubjectSchema = z.object({
  subject_uid: z.string(),
  result: z.enum(['True', 'False']),
  app_data_type: appDataType,
  app_data: storedAppData,
});

/** One answer (one feedback message) as `GET /21/applications/{id}/feedbackRequests` lists it, newest first. */
export const answeredFeedbackSchema = z.object({
  media_id: z.string(),
  focus: z.nullable(focusSchema),
  user_id: z.string(),
  /** When the person answered (the client's clock), or null when the client did not say. */
  decision_time: z.nullable(z.number()),
  /** When the service stored it. */
  created_at: z.number(),
  set_assignment: z.enum(ANSWER_SETS),
  /** False once the same person answered the same media (and focus) again: a later answer replaced this one. */
  current: z.boolean(),
  subjects: z.array(answeredSubjectSchema),
});
export type AnsweredFeedback = z.infer<typeof answeredFeedbackSchema>;

export const ANSWER_BUCKETS = ['hour', 'day'] as const;
export type AnswerBucket = (typeof ANSWER_BUCKETS)[number];

/** `GET /21/applications/{id}/feedbackRequests/count[?bucket=hour|day]`. */
export const answerCountSchema = z.object({
  /** Every answer given in the application. */
  count: z.number().check(z.int()),
  /** With `bucket`: answers per hour (last 48 hours) or day (last 30 days) by when they were given, oldest first. */
  buckets: z.optional(z.array(z.object({ t: z.number(), count: z.number().check(z.int()) }))),
});
export type AnswerCount = z.infer<typeof answerCountSchema>;

/** One waiting feedback request, as `GET /21/applications/{id}/feedbackRequests/pending` shows it (without leasing it). */
export const waitingFeedbackSchema = z.object({
  media_id: z.string(),
  focus: z.nullable(focusSchema),
  /** How much a person's answer is worth: 1 when the model sits on the threshold, 0 when it is sure. */
  priority: z.number(),
  created_at: z.number(),
  scheduled_at: z.number(),
  /** Held by a labeller now. */
  leased: z.boolean(),
  subjects: z.array(
    z.object({
      subject_uid: z.string(),
      probability: z.number(),
      app_data_type: appDataType,
      app_data: storedAppData,
    }),
  ),
});
export type WaitingFeedback = z.infer<typeof waitingFeedbackSchema>;

import { z } from '../zod';
import type { AppData } from '../application-types/answer';
import { APP_DATA_TYPES } from '../types';
import { focusSchema } from './feedback';
import { mediaSchema } from './media';

/**
 * app_data as the service hands it out: it was checked by its type's rule when it was stored, and lists of detections
 * are long, so it is taken as it comes.
 */
export const storedAppData = z.nullable(z.custom<AppData>());
export const appDataType = z.nullable(z.enum(APP_DATA_TYPES));

const assertionFields = {
  subject_uid: z.string(),
  detection_id: z.string(),
  user_id: z.nullable(z.string()),
  model_id: z.nullable(z.string()),
  app_id: z.nullable(z.string()),
  app_data_type: appDataType,
  app_data: storedAppData,
  prev_prob: z.nullable(z.number()),
  probability: z.number(),
  uncal_prob: z.number(),
};

export const assertionSchema = z.object({ ...assertionFields, created_at: z.number(), media_id: z.string(), focus: z.nullable(focusSchema) });
export type Assertion = z.infer<typeof assertionSchema>;

/** An assertion as the per-media detection list gives it. */
export const mediaAssertionSchema = z.object({ ...assertionFields, timestamp: z.number() });
export type MediaAssertion = z.infer<typeof mediaAssertionSchema>;

export const detectionRecordSchema = z.object({
  media: mediaSchema,
  focus: z.nullable(focusSchema),
  detections: z.array(assertionSchema),
  other_media: z.optional(z.array(mediaSchema)),
  updated_at: z.number(),
});
export type DetectionRecord = z.infer<typeof detectionRecordSchema>;

export interface DetectionsQuery {
  start?: number;
  end?: number;
  probability_upper?: number;
  probability_lower?: number;
  limit?: number;
  reverse?: boolean;
  consensus_none?: boolean;
  only_user?: boolean;
  only_model?: boolean;
  /** Local-service extension: only the proposals of this model version (0: the baseline), not the current model's. */
  model_version?: number;
  cursor?: number;
}

const urls = z.record(z.string(), z.string());

export const mediaSubjectAssociationSchema = z.object({
  media: z.object({ media_id: z.string(), media_url: z.string(), resize_urls: urls, media_resize_urls: urls }),
  subject: z.object({
    subject_uid: z.string(),
    media_id: z.string(),
    probability: z.number(),
    timestamp: z.number(),
    app_data: storedAppData,
    app_data_type: appDataType,
    consensus: z.nullable(z.literal('True')),
  }),
  focus: z.nullable(focusSchema),
});
export type MediaSubjectAssociation = z.infer<typeof mediaSubjectAssociationSchema>;

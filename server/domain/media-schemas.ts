import { z } from 'zod';
import type {
  AppData,
  AppDataType,
  Assertion,
  DetectionRecord,
  Focus,
  Media,
  MediaAssertion,
  MediaSubjectAssociation,
} from '../../src/api/types';
import { JSON_DEPTH_MAX } from '../../src/api/limits';
import { JSON_TOO_DEEP_MESSAGE, nestsDeeperThan } from '../http/json-body';

const nullableText = z.string().nullable();

export const focusSchema = z.object({
  box: z.object({ x0: z.number(), y0: z.number(), x1: z.number(), y1: z.number() }),
}) satisfies z.ZodType<Focus>;

/** A focus sent by a client: a box with x0 < x1 and y0 < y1, none of them negative. */
export const focusInput = z
  .object({
    box: z.object({
      x0: z.number().min(0),
      y0: z.number().min(0),
      x1: z.number().min(0),
      y1: z.number().min(0),
    }),
  })
  .refine(({ box }) => box.x0 < box.x1 && box.y0 < box.y1, { message: 'The focus box needs x0 < x1 and y0 < y1.' });

export const mediaSchema = z.object({
  media_id: z.string(),
  tenant_id: z.string(),
  created_at: z.number(),
  media_timestamp: z.number(),
  md5: z.string(),
  media_format: z.string(),
  size: z.number().int(),
  image_width: z.number().int(),
  image_height: z.number().int(),
  media_url: z.string(),
  resize_urls: z.record(z.string(), z.string()),
  meta_tags: z.array(z.string()),
  parent_media_ids: z.array(z.string()),
  video: z.boolean(),
  status: z.string(),
  set_assignment: z.string(),
  media_src: z.string(),
  author: nullableText,
  author_profile_url: nullableText,
  external_media_id: nullableText,
  filename: nullableText,
  frame: z.number().nullable(),
  license: nullableText,
  network_camera_id: nullableText,
  original_landing_url: nullableText,
  original_url: nullableText,
  parent_media_id: nullableText,
  preview_url: nullableText,
  source_url: nullableText,
  title: nullableText,
  uploaded_by_user: nullableText,
}) satisfies z.ZodType<Media>;

const appDataType = z.custom<AppDataType>((value) => typeof value === 'string').nullable();
const appData = z.custom<AppData>(() => true).nullable();

const assertionFields = {
  subject_uid: z.string(),
  detection_id: z.string(),
  user_id: nullableText,
  model_id: nullableText,
  app_id: nullableText,
  app_data_type: appDataType,
  app_data: appData,
  prev_prob: z.number().nullable(),
  probability: z.number(),
  uncal_prob: z.number(),
};

export const assertionSchema = z.object({
  ...assertionFields,
  created_at: z.number(),
  media_id: z.string(),
  focus: focusSchema.nullable(),
}) satisfies z.ZodType<Assertion>;

export const mediaAssertionSchema = z.object({ ...assertionFields, timestamp: z.number() }) satisfies z.ZodType<MediaAssertion>;

export const detectionRecordSchema = z.object({
  media: mediaSchema,
  focus: focusSchema.nullable(),
  detections: z.array(assertionSchema),
  updated_at: z.number(),
}) satisfies z.ZodType<DetectionRecord>;

export const mediaSubjectAssociationSchema = z.object({
  media: z.object({
    media_id: z.string(),
    media_url: z.string(),
    resize_urls: z.record(z.string(), z.string()),
    media_resize_urls: z.record(z.string(), z.string()),
  }),
  subject: z.object({
    subject_uid: z.string(),
    media_id: z.string(),
    probability: z.number(),
    timestamp: z.number(),
    app_data: appData,
    app_data_type: appDataType,
    consensus: z.literal('True').nullable(),
  }),
  focus: focusSchema.nullable(),
}) satisfies z.ZodType<MediaSubjectAssociation>;

/** `{"data": [...], "paging": {"next"?}}` */
export const pagedListOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), paging: z.object({ next: z.string().optional() }) });

/** A focus sent as JSON text, as a form field or a query parameter. */
export const focusText = z
  .string()
  .transform((text, context) => {
    if (nestsDeeperThan(text, JSON_DEPTH_MAX)) {
      context.addIssue({ code: 'custom', message: JSON_TOO_DEEP_MESSAGE });
      return z.NEVER;
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'Give the focus as JSON, e.g. {"box": {"x0": 0, ...}}.' });
      return z.NEVER;
    }
  })
  .pipe(focusInput);

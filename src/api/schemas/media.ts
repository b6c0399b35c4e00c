import { z } from '../zod';
import type { BoxCoords } from '../types';

const nullableText = z.nullable(z.string());

/**
 * Extension: where a media item that a pipeline application cut or recombined from a plan (retiler, static_crop) lies
 * in that plan. `box` is in the pixels of the plan `media_id` (which may itself lie in a plan); `application_id` made
 * it, and the items one application made of one plan are that plan's tiles.
 */
export interface PlaceInPlan {
  media_id: string;
  application_id: string;
  box: BoxCoords;
}
const placeInPlanSchema = z.object({
  media_id: z.string(),
  application_id: z.string(),
  box: z.object({ x0: z.number(), y0: z.number(), x1: z.number(), y1: z.number() }),
}) satisfies z.ZodMiniType<PlaceInPlan>;

export const mediaSchema = z.object({
  media_id: z.string(),
  tenant_id: z.string(),
  created_at: z.number(),
  media_timestamp: z.number(),
  md5: z.string(),
  media_format: z.string(),
  size: z.number().check(z.int()),
  image_width: z.number().check(z.int()),
  image_height: z.number().check(z.int()),
  media_url: z.string(),
  resize_urls: z.record(z.string(), z.string()),
  meta_tags: z.array(z.string()),
  parent_media_ids: z.array(z.string()),
  video: z.boolean(),
  /** Extension: a video's (or animated GIF's) length in seconds; null for a still image. */
  duration: z.nullable(z.number()),
  status: z.string(),
  set_assignment: z.string(),
  media_src: z.string(),
  author: nullableText,
  author_profile_url: nullableText,
  external_media_id: nullableText,
  filename: nullableText,
  frame: z.nullable(z.number()),
  place_in_plan: z.nullable(placeInPlanSchema),
  license: nullableText,
  network_camera_id: nullableText,
  original_landing_url: nullableText,
  original_url: nullableText,
  parent_media_id: nullableText,
  preview_url: nullableText,
  source_url: nullableText,
  title: nullableText,
  uploaded_by_user: nullableText,
});
export type Media = z.infer<typeof mediaSchema>;

/**
 * What `POST /1/media` answers: the media object, and (extension) whether it is an earlier item of the same bytes
 * (200) rather than a new one (201).
 */
export const uploadedMediaSchema = z.extend(mediaSchema, { duplicate: z.boolean() });
export type UploadedMedia = z.infer<typeof uploadedMediaSchema>;

/** What a multipart upload to a subject answers; `duplicate` (extension): the tenant had these bytes, as `media_id`. */
export const subjectMediaUploadSchema = z.object({ media_id: z.string(), subject_uid: z.string(), capture_id: z.string(), duplicate: z.optional(z.boolean()) });
export type SubjectMediaUpload = z.infer<typeof subjectMediaUploadSchema>;

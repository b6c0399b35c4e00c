import { z } from '../zod';
import type { ItemAnswer } from '../application-types/answer';
import { feedbackResponse, focusSchema } from './feedback';
import { mediaSchema } from './media';

/** How an item became gold: a manager marked it (its decided answer, or subjects they gave), or a label import. */
const GOLD_SOURCES = ['marked', 'imported'] as const;
export type GoldSource = (typeof GOLD_SOURCES)[number];

/** An item of an application: `POST /1/applications/{id}/gold/unmark` takes one. */
export const goldItemRef = z.object({ media_id: feedbackResponse.shape.media_id, focus: feedbackResponse.shape.focus });
export type GoldItemRef = z.input<typeof goldItemRef>;

/**
 * `POST /1/applications/{id}/gold`: the item to mark. Without `subjects` the item's decided answer becomes the truth;
 * with them, they are the truth, checked by the same rules as feedback.
 */
export const markGoldBody = z.extend(goldItemRef, { subjects: z.optional(feedbackResponse.shape.subjects) });
export type MarkGoldBody = z.input<typeof markGoldBody>;

/** A gold item: an item whose true answer the application's managers know, mixed into labellers' pulls. */
export const goldItemSchema = z.object({
  application_id: z.string(),
  media_id: z.string(),
  focus: z.nullable(focusSchema),
  /** The truth, as the subjects of a feedback body. */
  subjects: z.custom<ItemAnswer>((value) => Array.isArray(value)),
  source: z.enum(GOLD_SOURCES),
  created_by: z.nullable(z.string()),
  created_at: z.number(),
});
export type GoldItem = z.infer<typeof goldItemSchema>;

/** A gold item in the list, with its media, how many labellers answered it and their mean score (null: none yet). */
export const goldListItemSchema = z.extend(goldItemSchema, {
  media: mediaSchema,
  answered: z.number().check(z.int()),
  mean_score: z.nullable(z.number()),
});

import { z } from '../zod';
import type { ItemAnswer } from '../application-types/answer';
import { feedbackResponse, focusSchema } from './feedback';
import { mediaSchema } from './media';

/** How an item's label was decided: labellers agreed, a manager resolved their disagreement, or one labeller answered. */
const CONSENSUS_SOURCES = ['agreed', 'review', 'single'] as const;
export type ConsensusSource = (typeof CONSENSUS_SOURCES)[number];

const subjectsOut = z.custom<ItemAnswer>((value) => Array.isArray(value));

/** One decided item, as the consensus history and a consensus release's items list it. */
export const consensusEntrySchema = z.object({
  /** Null for an item of a one-labeller application: its latest answer is its label, nothing else is stored. */
  consensus_id: z.nullable(z.string()),
  application_id: z.string(),
  media_id: z.string(),
  focus: z.nullable(focusSchema),
  /** The decided answer, as the subjects of a feedback body. */
  subjects: subjectsOut,
  source: z.enum(CONSENSUS_SOURCES),
  decided_at: z.number(),
});
export type ConsensusEntry = z.infer<typeof consensusEntrySchema>;

/** A labeller's answer to an item, with who gave it. */
const labellerAnswerSchema = z.object({
  user_id: z.string(),
  email: z.nullable(z.string()),
  name: z.nullable(z.string()),
  subjects: subjectsOut,
  decision_time: z.number(),
});
export type LabellerAnswerView = z.infer<typeof labellerAnswerSchema>;

/** An item whose labellers disagreed, waiting for a manager. */
export const reviewItemSchema = z.object({
  review_id: z.string(),
  application_id: z.string(),
  media_id: z.string(),
  media: mediaSchema,
  focus: z.nullable(focusSchema),
  created_at: z.number(),
  answers: z.array(labellerAnswerSchema),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

/** `POST /1/applications/{id}/reviews/{review_id}`: the manager's answer, checked by the same rules as feedback. */
export const resolveReviewBody = z.object({ subjects: feedbackResponse.shape.subjects });
export type ResolveReviewBody = z.input<typeof resolveReviewBody>;

/** A consensus release: the labels a released model learned from (one per model release). */
export const consensusReleaseSchema = z.object({
  consensus_release_id: z.string(),
  application_id: z.string(),
  model_version: z.number().check(z.int()),
  consensus_release_timestamp: z.number(),
  /** Items decided by the release time; only on a single release (`GET …/consensus_release/{id}`). */
  consensus_item_count: z.optional(z.number().check(z.int())),
});

/** One labeller on the leaderboard: how many items they answered, their pace, and how often they agreed with consensus. */
const labellerStandingSchema = z.object({
  user_id: z.string(),
  email: z.nullable(z.string()),
  name: z.nullable(z.string()),
  answers: z.number().check(z.int()),
  /** Median seconds between one answer and the next, pauses over five minutes left out; null with fewer than two. */
  seconds_per_answer: z.nullable(z.number()),
  /** Decided items (agreed or reviewed) this labeller answered, and in how many their answer agreed with the decision. */
  consensus_items: z.number().check(z.int()),
  agreed_with_consensus: z.number().check(z.int()),
  /** agreed_with_consensus / consensus_items; null when 0 items. */
  agreement: z.nullable(z.number()),
});
export type LabellerStanding = z.infer<typeof labellerStandingSchema>;

export const consensusSnapshotSchema = z.object({
  app_id: z.string(),
  leaderboard_timestamp: z.number(),
  /** The latest consensus release (model release), if any. */
  consensus_release_id: z.nullable(z.string()),
  consensus_release_timestamp: z.nullable(z.number()),
  labellers_per_item: z.number().check(z.int()),
  /** Items waiting for a manager's review. */
  pending_reviews: z.number().check(z.int()),
  labellers: z.array(labellerStandingSchema),
});

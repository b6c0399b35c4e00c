import { z } from '../zod';
import type { ItemAnswer } from '../application-types/answer';
import { focusSchema } from './feedback';
import { mediaSchema } from './media';

/**
 * A gap between two answers of one labeller longer than this is a break: it is not counted as work, and the answer
 * after it has no decision time (how long it took is unknown).
 */
export const BREAK_SECONDS = 300;

/** Below this many gold answers (or decided items) a labeller's gold accuracy (or agreement) flags nobody. */
export const MIN_ANSWERS_TO_FLAG = 5;

/** Why a labeller is flagged: gold accuracy, or agreement with decided answers, under the application's threshold. */
const FLAG_REASONS = ['gold_accuracy', 'agreement'] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];

/** The widths of a timeline's periods the service offers, in seconds. */
export const TIMELINE_BUCKETS = { hour: 3600, day: 86_400, week: 604_800 } as const;
export type TimelineBucket = keyof typeof TIMELINE_BUCKETS;
/** A timeline holds at most this many periods; a longer window is refused (choose a wider period). */
export const TIMELINE_MAX_PERIODS = 400;

const ratio = z.nullable(z.number());
const count = z.number().check(z.int());

/** What a labeller did in a window (or one period of a timeline); every figure without data is null. */
const labellerFiguresSchema = z.object({
  /** Items answered (each once, however often re-answered), gold items included. */
  answers: count,
  skips: count,
  /** The sum of the gaps between consecutive answers that are not breaks. */
  active_seconds: z.number(),
  /** Answers with a decision time per hour of active time. */
  answers_per_hour: ratio,
  /** Seconds from the labeller's previous answer (breaks left out), in the unit `decision_time` is posted in. */
  median_decision_time: ratio,
  p90_decision_time: ratio,
  /** Items decided by consensus (agreed or reviewed) this labeller answered, and the share they agreed with. */
  decided_items: count,
  agreement: ratio,
  /** Reviewed items where the manager's decision overruled this labeller's answer. */
  corrected_in_review: count,
  gold_answers: count,
  /** The mean score (0 to 1) of the gold answers by the type's measure. */
  gold_accuracy: ratio,
});
export type LabellerFigures = z.infer<typeof labellerFiguresSchema>;

const labellerSchema = z.object({
  ...labellerFiguresSchema.shape,
  user_id: z.string(),
  email: z.nullable(z.string()),
  name: z.nullable(z.string()),
  flagged: z.boolean(),
  flags: z.array(z.enum(FLAG_REASONS)),
});
export type Labeller = z.infer<typeof labellerSchema>;

/** `GET /1/applications/{id}/labellers` and `GET /1/labellers` (the tenant's applications together). */
export const labellersResponseSchema = z.object({
  start: z.nullable(z.number()),
  end: z.number(),
  /** The gold accuracy and agreement under which a labeller is flagged (the application's `quality_flag_below`). */
  flag_below: z.nullable(z.number()),
  labellers: z.array(labellerSchema),
});
export type LabellersResponse = z.infer<typeof labellersResponseSchema>;

/** One labeller's figures in one period of a timeline, the period named by its start. */
const timelinePointSchema = z.object({ ...labellerFiguresSchema.shape, user_id: z.string(), period_start: z.number() });
export type TimelinePoint = z.infer<typeof timelinePointSchema>;

export const labellerTimelineSchema = z.object({
  bucket: z.enum(Object.keys(TIMELINE_BUCKETS) as [TimelineBucket, ...TimelineBucket[]]),
  bucket_seconds: z.number(),
  start: z.number(),
  end: z.number(),
  points: z.array(timelinePointSchema),
});
export type LabellerTimeline = z.infer<typeof labellerTimelineSchema>;

/** One of a labeller's recent answers, beside what it is judged against, for a manager looking into their work. */
export const labellerAnswerSchema = z.object({
  media_id: z.string(),
  media: mediaSchema,
  focus: z.nullable(focusSchema),
  subjects: z.custom<ItemAnswer>((value) => Array.isArray(value)),
  decision_time: z.number(),
  /** A gold item's truth, or the decided answer where consensus decided the item; null otherwise. */
  reference: z.nullable(z.custom<ItemAnswer>((value) => Array.isArray(value))),
  reference_source: z.nullable(z.enum(['gold', 'consensus'])),
  /** Whether the answer agrees with the decided answer by the type's rule (consensus), or its gold score. */
  agrees: z.nullable(z.boolean()),
  score: z.nullable(z.number()),
});
export type LabellerAnswer = z.infer<typeof labellerAnswerSchema>;

/** How many recent answers of one labeller a manager sees at once (`limit`), and at most. */
export const RECENT_ANSWERS_LIMIT = { default: 30, max: 200 } as const;

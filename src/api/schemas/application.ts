import { z } from '../zod';
import {
  APP_MANAGERS_MAX,
  APPLICATION_DESCRIPTION_MAX,
  APPLICATION_NAME_MAX,
  CONSENSUS_TOLERANCE_MAX,
  GOLD_RATE,
  LABELLERS_PER_ITEM,
  POST_URLS_MAX,
  QUALITY_FLAG_BELOW,
  SUBJECTS_PER_LIST_MAX,
} from '../limits';
import { RELEASE_METRICS, SPECIAL_APPLICATION_TYPES, STANDARD_APPLICATION_TYPES } from '../types';
import { secureUrl } from '../url-rule';
import { email } from './email';
import { customFieldsSchema } from './appearance';

export const applicationType = z.enum([...STANDARD_APPLICATION_TYPES, ...SPECIAL_APPLICATION_TYPES], {
  error: 'Use one of the application type strings.',
});

const NAME_MESSAGE = `Use 1 to ${APPLICATION_NAME_MAX} characters.`;
const THRESHOLD_MESSAGE = 'Use a number from 0 to 1.';
const LABELLERS_MESSAGE = `Use a whole number from ${LABELLERS_PER_ITEM.min} to ${LABELLERS_PER_ITEM.max}.`;
const TOLERANCE_MESSAGE = `Use a number from 0 to ${CONSENSUS_TOLERANCE_MAX.toLocaleString('en')}.`;

/** How many distinct labellers answer each feedback item before its consensus is decided. */
const labellersPerItem = z
  .number(LABELLERS_MESSAGE)
  .check(z.int(LABELLERS_MESSAGE), z.gte(LABELLERS_PER_ITEM.min, LABELLERS_MESSAGE), z.lte(LABELLERS_PER_ITEM.max, LABELLERS_MESSAGE));

/** How far counts and offsets may differ, and how many pixels apart points may lie, for labellers to agree. */
const consensusTolerance = z.number(TOLERANCE_MESSAGE).check(z.gte(0, TOLERANCE_MESSAGE), z.lte(CONSENSUS_TOLERANCE_MAX, TOLERANCE_MESSAGE));

const GOLD_RATE_MESSAGE = `Use a number from ${GOLD_RATE.min} to ${GOLD_RATE.max}.`;
/** The share of each feedback pull that is gold items. */
const goldRate = z.number(GOLD_RATE_MESSAGE).check(z.gte(GOLD_RATE.min, GOLD_RATE_MESSAGE), z.lte(GOLD_RATE.max, GOLD_RATE_MESSAGE));

const FLAG_MESSAGE = `Use a number from ${QUALITY_FLAG_BELOW.min} to ${QUALITY_FLAG_BELOW.max}.`;
/** The gold accuracy under which a labeller is flagged. */
const qualityFlagBelow = z.number(FLAG_MESSAGE).check(z.gte(QUALITY_FLAG_BELOW.min, FLAG_MESSAGE), z.lte(QUALITY_FLAG_BELOW.max, FLAG_MESSAGE));

/** Which items are queued for feedback: those the model is unsure of (the default), or every item once. */
const FEEDBACK_SCOPES = ['uncertain', 'all'] as const;
export type FeedbackScope = (typeof FEEDBACK_SCOPES)[number];
const feedbackScope = z.enum(FEEDBACK_SCOPES, { error: 'Use "uncertain" or "all".' });

const subjectList = z.pipe(
  z.array(z.string().check(z.minLength(1), z.maxLength(100))).check(z.maxLength(SUBJECTS_PER_LIST_MAX, `Give at most ${SUBJECTS_PER_LIST_MAX} subjects.`)),
  z.transform((uids) => [...new Set(uids)]),
);

const urlList = z.array(secureUrl).check(z.maxLength(POST_URLS_MAX, `Give at most ${POST_URLS_MAX} URLs.`));

/** The fields a client may write, each with its rule; all optional. Unknown keys are ignored. */
const applicationInput = z.partial(
  z.object({
    name: z.string().check(z.trim(), z.minLength(1, NAME_MESSAGE), z.maxLength(APPLICATION_NAME_MAX, NAME_MESSAGE)),
    type: applicationType,
    description: z.string().check(z.maxLength(APPLICATION_DESCRIPTION_MAX, `Use at most ${APPLICATION_DESCRIPTION_MAX} characters.`)),
    input_subjects: subjectList,
    output_subjects: subjectList,
    release_metrics: z.enum(RELEASE_METRICS, { error: 'Use best_recall, best_precision or best_F1.' }),
    detection_thresholds: z.record(z.string(), z.number(THRESHOLD_MESSAGE).check(z.gte(0, THRESHOLD_MESSAGE), z.lte(1, THRESHOLD_MESSAGE))),
    detection_post_urls: urlList,
    gateway_post_urls: urlList,
    active: z.boolean(),
    requested_feedback_per_hour: z.nullable(z.number('Use a whole number.').check(z.int('Use a whole number.'), z.gte(0, 'Use 0 or more.'))),
    refresh_feedback: z.boolean(),
    app_managers: z.pipe(
      z.array(email).check(z.maxLength(APP_MANAGERS_MAX, `Give at most ${APP_MANAGERS_MAX} managers.`)),
      z.transform((emails) => [...new Set(emails)]),
    ),
    custom_fields: customFieldsSchema,
    labellers_per_item: labellersPerItem,
    consensus_tolerance: consensusTolerance,
    gold_rate: goldRate,
    quality_flag_below: qualityFlagBelow,
    feedback_scope: feedbackScope,
  }),
);

/** Fields the service sets; an update that sends one is refused. */
export const READ_ONLY_APPLICATION_FIELDS = [
  'application_id',
  'tenant_id',
  'hpo_credit',
  'created_by',
  'created_at',
  'modified_at',
  'system_feedback_per_hour',
  'replay',
  'release_model_count',
  'best_model_ccp_filename',
  'candidate_model_count',
  'current_performance',
  'last_candidate_at',
  'last_released_at',
  'training_data_count',
  'validation_data_count',
] as const;

const readOnly = z.optional(z.never({ error: 'This field is read-only.' }));

/** Create: name and type required; read-only keys are ignored like unknown ones, as existing clients send some. */
export const createApplicationBody = z.required(applicationInput, { name: true, type: true });

/** Update: any writable field; read-only fields are 400. */
export const updateApplicationBody = z.extend(
  applicationInput,
  Object.fromEntries(READ_ONLY_APPLICATION_FIELDS.map((field) => [field, readOnly])) as Record<
    (typeof READ_ONLY_APPLICATION_FIELDS)[number],
    typeof readOnly
  >,
);

const nullableNumber = z.nullable(z.number());

/** An application as the service returns it. */
export const applicationSchema = z.object({
  application_id: z.string(),
  tenant_id: z.string(),
  name: z.string(),
  type: applicationType,
  description: z.string(),
  input_subjects: z.array(z.string()),
  output_subjects: z.array(z.string()),
  release_metrics: z.enum(RELEASE_METRICS),
  detection_thresholds: z.record(z.string(), z.number()),
  detection_post_urls: z.array(z.string()),
  gateway_post_urls: z.array(z.string()),
  active: z.boolean(),
  requested_feedback_per_hour: z.nullable(z.number().check(z.int())),
  refresh_feedback: z.boolean(),
  app_managers: z.array(z.string()),
  custom_fields: z.record(z.string(), z.unknown()),
  hpo_credit: z.number().check(z.int()),
  created_by: z.string(),
  created_at: z.number(),
  modified_at: z.number(),
  system_feedback_per_hour: z.number().check(z.int()),
  replay: z.boolean(),
  release_model_count: nullableNumber,
  best_model_ccp_filename: z.nullable(z.string()),
  candidate_model_count: nullableNumber,
  current_performance: z.nullable(z.record(z.string(), z.unknown())),
  last_candidate_at: nullableNumber,
  last_released_at: nullableNumber,
  training_data_count: nullableNumber,
  validation_data_count: nullableNumber,
  labellers_per_item: z.number().check(z.int()),
  consensus_tolerance: z.number(),
  gold_rate: z.number(),
  quality_flag_below: z.number(),
  feedback_scope: z.enum(FEEDBACK_SCOPES),
});
export type Application = z.infer<typeof applicationSchema>;

/** Fields a client may send when creating or updating an application. */
export type ApplicationInput = z.input<typeof applicationInput>;

// Local-service extension: counts for the dashboard's chart.

export type StatsBucket = 'hour' | 'day';

/** Assertions made by the model and by people in one bucket, from its start `t`. */
const assertionsBucketSchema = z.object({ t: z.number(), model: z.number(), user: z.number() });
export type AssertionsBucket = z.infer<typeof assertionsBucketSchema>;

export const applicationStatsSchema = z.object({
  pending: z.number(),
  assertions_by_source: z.array(assertionsBucketSchema),
  latest_detection_at: z.nullable(z.number()),
});
export type ApplicationStats = z.infer<typeof applicationStatsSchema>;

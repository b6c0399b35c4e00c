import { z } from 'zod';
import type { Application } from '../../src/api/types';
import { RELEASE_METRICS, SPECIAL_APPLICATION_TYPES, STANDARD_APPLICATION_TYPES } from '../../src/api/types';
import { email } from '../http/schemas';

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]']);

const isLoopback = (hostname: string) => LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);

/** An absolute `https:` URL, or `http:` to a loopback address only. */
export const postUrl = z
  .string()
  .max(2000)
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
  }, 'Give an absolute https: URL (plain http: only to a loopback address).');

const applicationType = z.enum([...STANDARD_APPLICATION_TYPES, ...SPECIAL_APPLICATION_TYPES], {
  message: 'Use one of the application type strings.',
});

const subjectList = z
  .array(z.string().min(1).max(100))
  .max(100)
  .transform((uids) => [...new Set(uids)]);

/** The fields a client may write, each with its rule; all optional. */
const writableFields = z.object({
  name: z.string().trim().min(1, 'Use 1 to 100 characters.').max(100, 'Use 1 to 100 characters.'),
  type: applicationType,
  description: z.string().max(10_000),
  input_subjects: subjectList,
  output_subjects: subjectList,
  release_metrics: z.enum(RELEASE_METRICS, { message: 'Use best_recall, best_precision or best_F1.' }),
  detection_thresholds: z.record(z.string(), z.number().min(0, 'Use a number from 0 to 1.').max(1, 'Use a number from 0 to 1.')),
  detection_post_urls: z.array(postUrl).max(20),
  gateway_post_urls: z.array(postUrl).max(20),
  active: z.boolean(),
  requested_feedback_per_hour: z.number().int('Use a whole number.').min(0, 'Use 0 or more.').nullable(),
  refresh_feedback: z.boolean(),
  app_managers: z.array(email).max(100).transform((emails) => [...new Set(emails)]),
  custom_fields: z.record(z.string(), z.unknown()),
}).partial();

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

const readOnly = z.never({ message: 'This field is read-only.' }).optional();

/** Create: name and type required; unknown and read-only keys are ignored, as existing clients send some. */
export const createApplicationBody = writableFields.required({ name: true, type: true });

/** Update: any writable field; unknown keys are ignored, read-only fields are 400. */
export const updateApplicationBody = writableFields.extend(
  Object.fromEntries(READ_ONLY_APPLICATION_FIELDS.map((field) => [field, readOnly])) as Record<
    (typeof READ_ONLY_APPLICATION_FIELDS)[number],
    typeof readOnly
  >,
);

const nullableNumber = z.number().nullable();

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
  requested_feedback_per_hour: z.number().int().nullable(),
  refresh_feedback: z.boolean(),
  app_managers: z.array(z.string()),
  custom_fields: z.record(z.string(), z.unknown()),
  hpo_credit: z.number().int(),
  created_by: z.string(),
  created_at: z.number(),
  modified_at: z.number(),
  system_feedback_per_hour: z.number().int(),
  replay: z.boolean(),
  release_model_count: nullableNumber,
  best_model_ccp_filename: z.string().nullable(),
  candidate_model_count: nullableNumber,
  current_performance: z.record(z.string(), z.unknown()).nullable(),
  last_candidate_at: nullableNumber,
  last_released_at: nullableNumber,
  training_data_count: nullableNumber,
  validation_data_count: nullableNumber,
}) satisfies z.ZodType<Application>;

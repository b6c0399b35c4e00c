// Typed mirror of migrations/0002_domain.sql for drizzle queries. The SQL migrations are the source of truth.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import type { DetectorClassSetting } from '../../../src/api/detector/classes';
import type { ItemAnswer } from '../../../src/api/application-types/agreement';
import type { AnswerSet, ModelEvaluation } from '../../../src/api/schemas/models';
import type { ExportFormat, ExportNote, ExportState } from '../../../src/api/schemas/exports';
import type { AppData, AppDataType, ApplicationType, Focus, GatewayStatus, ReleaseMetric } from '../../../src/api/types';

export const subjects = pgTable('subjects', {
  subjectUid: text('subject_uid').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** The detector class it maps to (a COCO class or 'none'); null: by its name. */
  detectorClass: text('detector_class').$type<DetectorClassSetting>(),
  createdBy: text('created_by').notNull(),
  createdAt: doublePrecision('created_at').notNull(),
  modifiedAt: doublePrecision('modified_at').notNull(),
});

export const applications = pgTable('applications', {
  applicationId: text('application_id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  name: text('name').notNull(),
  type: text('type').$type<ApplicationType>().notNull(),
  description: text('description').notNull().default(''),
  inputSubjects: jsonb('input_subjects').$type<string[]>().notNull().default([]),
  outputSubjects: jsonb('output_subjects').$type<string[]>().notNull().default([]),
  releaseMetrics: text('release_metrics').$type<ReleaseMetric>().notNull().default('best_F1'),
  detectionThresholds: jsonb('detection_thresholds').$type<Record<string, number>>().notNull().default({}),
  detectionPostUrls: jsonb('detection_post_urls').$type<string[]>().notNull().default([]),
  gatewayPostUrls: jsonb('gateway_post_urls').$type<string[]>().notNull().default([]),
  active: boolean('active').notNull().default(true),
  requestedFeedbackPerHour: integer('requested_feedback_per_hour'),
  refreshFeedback: boolean('refresh_feedback').notNull().default(false),
  appManagers: jsonb('app_managers').$type<string[]>().notNull().default([]),
  customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
  hpoCredit: integer('hpo_credit').notNull().default(0),
  createdBy: text('created_by').notNull(),
  createdAt: doublePrecision('created_at').notNull(),
  modifiedAt: doublePrecision('modified_at').notNull(),
  systemFeedbackPerHour: integer('system_feedback_per_hour').notNull().default(0),
  replay: boolean('replay').notNull().default(false),
  releaseModelCount: integer('release_model_count'),
  bestModelCcpFilename: text('best_model_ccp_filename'),
  candidateModelCount: integer('candidate_model_count'),
  currentPerformance: jsonb('current_performance').$type<Record<string, unknown>>(),
  lastCandidateAt: doublePrecision('last_candidate_at'),
  lastReleasedAt: doublePrecision('last_released_at'),
  trainingDataCount: integer('training_data_count'),
  validationDataCount: integer('validation_data_count'),
  callbackSecret: text('callback_secret').notNull(),
  currentModelId: text('current_model_id'),
  answersSinceRelease: integer('answers_since_release').notNull().default(0),
  /** migrations/0012_consensus.sql */
  labellersPerItem: integer('labellers_per_item').notNull().default(1),
  consensusTolerance: doublePrecision('consensus_tolerance').notNull().default(0),
});

export const models = pgTable('models', {
  modelId: text('model_id').primaryKey(),
  applicationId: text('application_id').notNull(),
  version: integer('version').notNull(),
  parameters: jsonb('parameters').$type<Record<string, unknown>>().notNull(),
  metrics: jsonb('metrics').$type<Record<string, unknown>>(),
  trainingCount: integer('training_count').notNull().default(0),
  createdAt: doublePrecision('created_at').notNull(),
  // migrations/0010_model_history.sql: null on releases made before answers were split.
  validationCount: integer('validation_count'),
  validation: jsonb('validation').$type<ModelEvaluation>(),
  previousModelId: text('previous_model_id'),
  previousValidation: jsonb('previous_validation').$type<ModelEvaluation>(),
});

export interface MediaDetails {
  author?: string | null;
  author_profile_url?: string | null;
  external_media_id?: string | null;
  filename?: string | null;
  frame?: number | null;
  license?: string | null;
  title?: string | null;
  source_url?: string | null;
}

export const media = pgTable('media', {
  mediaId: text('media_id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  createdAt: doublePrecision('created_at').notNull(),
  mediaTimestamp: doublePrecision('media_timestamp').notNull(),
  md5: text('md5').notNull(),
  mediaFormat: text('media_format').notNull(),
  size: integer('size').notNull(),
  imageWidth: integer('image_width').notNull(),
  imageHeight: integer('image_height').notNull(),
  originalKey: text('original_key').notNull(),
  variantKeys: jsonb('variant_keys').$type<Record<string, string>>().notNull().default({}),
  metaTags: jsonb('meta_tags').$type<string[]>().notNull().default([]),
  parentMediaIds: jsonb('parent_media_ids').$type<string[]>().notNull().default([]),
  status: text('status').notNull().default('processed'),
  setAssignment: text('set_assignment').notNull().default('train'),
  mediaSrc: text('media_src').notNull().default('upload'),
  details: jsonb('details').$type<MediaDetails>().notNull().default({}),
  uploadedByUser: text('uploaded_by_user'),
});

export const assertions = pgTable(
  'assertions',
  {
    detectionId: text('detection_id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    tenantId: text('tenant_id').notNull(),
    mediaId: text('media_id').notNull(),
    subjectUid: text('subject_uid').notNull(),
    focus: jsonb('focus').$type<Focus | null>(),
    focusKey: text('focus_key').notNull().default(''),
    userId: text('user_id'),
    modelId: text('model_id'),
    appId: text('app_id'),
    appDataType: text('app_data_type').$type<AppDataType>(),
    appData: jsonb('app_data').$type<AppData>(),
    prevProb: doublePrecision('prev_prob'),
    probability: doublePrecision('probability').notNull(),
    uncalProb: doublePrecision('uncal_prob').notNull(),
    createdAt: doublePrecision('created_at').notNull(),
    decisionTime: doublePrecision('decision_time'),
    current: boolean('current').notNull().default(true),
    /** An answer's set, `training` or `validation`, fixed by its media id; null on other assertions (migration 0007). */
    setAssignment: text('set_assignment')
      .$type<AnswerSet>()
      .generatedAlwaysAs(sql`CASE WHEN user_id IS NOT NULL AND app_id IS NOT NULL THEN answer_set(media_id) END`),
  },
  // migrations/0004_detections_speed.sql (which also INCLUDEs user_id, model_id and seq in the first).
  (t) => [
    index('assertions_app_current_idx').on(t.appId, t.mediaId, t.focusKey, t.probability).where(sql`current`),
    index('assertions_consensus_idx').on(t.mediaId, t.subjectUid, t.focusKey).where(sql`current AND user_id IS NOT NULL`),
  ],
);

export const detectionRecords = pgTable(
  'detection_records',
  {
    appId: text('app_id').notNull(),
    mediaId: text('media_id').notNull(),
    focusKey: text('focus_key').notNull().default(''),
    focus: jsonb('focus').$type<Focus | null>(),
    updatedAt: doublePrecision('updated_at').notNull(),
    updateSeq: bigint('update_seq', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.mediaId, t.focusKey] })],
);

export interface QueuedProposal {
  subject_uid: string;
  probability: number;
  uncal_prob: number;
  app_data_type: AppDataType | null;
  app_data: AppData | null;
}

export const feedbackQueue = pgTable(
  'feedback_queue',
  {
    appId: text('app_id').notNull(),
    mediaId: text('media_id').notNull(),
    focusKey: text('focus_key').notNull().default(''),
    focus: jsonb('focus').$type<Focus | null>(),
    priority: doublePrecision('priority').notNull(),
    proposals: jsonb('proposals').$type<QueuedProposal[]>().notNull(),
    modelId: text('model_id'),
    createdAt: doublePrecision('created_at').notNull(),
    scheduledAt: doublePrecision('scheduled_at'),
    /** The labeller who holds it (until `leaseExpiresAt`), or null. */
    leasedBy: text('leased_by'),
    leaseExpiresAt: doublePrecision('lease_expires_at'),
    /** When it was first handed out: such a request goes to the front of the queue. */
    firstLeasedAt: doublePrecision('first_leased_at'),
  },
  (t) => [primaryKey({ columns: [t.appId, t.mediaId, t.focusKey] })],
);

/** One labeller's answer to an item, as a consensus item keeps it (migrations/0012_consensus.sql). */
export interface LabellerAnswer {
  user_id: string;
  subjects: ItemAnswer;
  decision_time: number;
}

export type ConsensusStatus = 'agreed' | 'in_review' | 'reviewed' | 'single';

export const consensusItems = pgTable('consensus_items', {
  consensusId: text('consensus_id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  appId: text('app_id').notNull(),
  mediaId: text('media_id').notNull(),
  focusKey: text('focus_key').notNull().default(''),
  focus: jsonb('focus').$type<Focus | null>(),
  status: text('status').$type<ConsensusStatus>().notNull(),
  answers: jsonb('answers').$type<LabellerAnswer[]>().notNull(),
  subjects: jsonb('subjects').$type<ItemAnswer>(),
  createdAt: doublePrecision('created_at').notNull(),
  decidedAt: doublePrecision('decided_at'),
  decidedBy: text('decided_by'),
});

export const feedbackSkips = pgTable(
  'feedback_skips',
  {
    appId: text('app_id').notNull(),
    mediaId: text('media_id').notNull(),
    focusKey: text('focus_key').notNull(),
    userId: text('user_id').notNull(),
    until: doublePrecision('until').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.mediaId, t.focusKey, t.userId] })],
);

export const feedbackIssued = pgTable('feedback_issued', {
  appId: text('app_id').notNull(),
  mediaId: text('media_id').notNull(),
  issuedAt: doublePrecision('issued_at').notNull(),
});

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: text('tenant_id').notNull(),
    userId: text('user_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    createdAt: doublePrecision('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.idempotencyKey] })],
);

export const callbackOutbox = pgTable('callback_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  appId: text('app_id').notNull(),
  url: text('url').notNull(),
  body: text('body').notNull(),
  attempts: integer('attempts').notNull().default(0),
  firstAttemptAt: doublePrecision('first_attempt_at'),
  nextAttemptAt: doublePrecision('next_attempt_at').notNull(),
  status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
  lastError: text('last_error'),
  createdAt: doublePrecision('created_at').notNull(),
});

// migrations/0008_callback_blacklist_per_tenant.sql
export const callbackBlacklist = pgTable(
  'callback_blacklist',
  {
    tenantId: text('tenant_id').notNull(),
    url: text('url').notNull(),
    until: doublePrecision('until').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.url] })],
);

export const gateways = pgTable('gateways', {
  gatewayId: text('gateway_id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  location: text('location').notNull().default(''),
  pollInterval: integer('poll_interval').notNull().default(60),
  ipAddress: text('ip_address').notNull().default(''),
  macAddress: text('mac_address').notNull().default(''),
  serialNumber: text('serial_number').notNull().default(''),
  modelDeploymentPolicy: text('model_deployment_policy').notNull().default('manual'),
  createdAt: doublePrecision('created_at').notNull(),
  modifiedAt: doublePrecision('modified_at').notNull(),
  createdBy: text('created_by').notNull(),
  currentStatus: jsonb('current_status').$type<GatewayStatus>(),
  previousStatus: jsonb('previous_status').$type<GatewayStatus>(),
});

// migrations/0003_media.sql, 0014_background_jobs.sql
export const localJobs = pgTable('local_jobs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  singletonKey: text('singleton_key'),
  attempts: integer('attempts').notNull().default(0),
  runAfter: doublePrecision('run_after').notNull(),
  lastError: text('last_error'),
  createdAt: doublePrecision('created_at').notNull(),
});

export const finishedJobs = pgTable('finished_jobs', {
  jobId: text('job_id').primaryKey(),
  finishedAt: doublePrecision('finished_at').notNull(),
});

export const serviceSecret = pgTable('service_secret', {
  id: smallint('id').primaryKey(),
  secret: text('secret').notNull(),
});

export const exports = pgTable('exports', {
  exportId: text('export_id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  applicationId: text('application_id').notNull(),
  requestedBy: text('requested_by').notNull(),
  format: text('format').$type<ExportFormat>().notNull(),
  includeImages: boolean('include_images').notNull(),
  state: text('state').$type<ExportState>().notNull(),
  done: integer('done').notNull().default(0),
  total: integer('total').notNull().default(0),
  notes: jsonb('notes').$type<ExportNote[]>().notNull().default([]),
  message: text('message'),
  fileName: text('file_name').notNull(),
  size: bigint('size', { mode: 'number' }),
  blobKey: text('blob_key').notNull(),
  createdAt: doublePrecision('created_at').notNull(),
  finishedAt: doublePrecision('finished_at'),
  expiresAt: doublePrecision('expires_at').notNull(),
});

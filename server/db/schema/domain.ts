// Typed mirror of the migrations' domain tables for drizzle queries; schema-sync.test.ts proves both describe one database.
import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, smallint, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DetectorClassSetting } from '../../../src/api/detector/classes';
import type { CandidateDecision, ModelEvaluation } from '../../../src/api/schemas/models';
import type { ExportCoordinates, ExportFormat, ExportNote, ExportState } from '../../../src/api/schemas/exports';
import type { GatewayStatus } from '../../../src/api/schemas/gateways';
import type { PlaceInPlan } from '../../../src/api/schemas/media';
import type { ImportJobFields, ImportReport, ImportState } from '../../../src/api/schemas/imports';
import type { ApplicationType, ReleaseMetric } from '../../../src/api/types';
import type { FeedbackScope } from '../../../src/api/schemas/application';

export const subjects = pgTable(
  'subjects',
  {
    subjectUid: text('subject_uid').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The detector class it maps to (a COCO class or 'none'); null: by its name. */
    detectorClass: text('detector_class').$type<DetectorClassSetting>(),
    createdBy: text('created_by').notNull(),
    createdAt: doublePrecision('created_at').notNull(),
    modifiedAt: doublePrecision('modified_at').notNull(),
  },
  (t) => [index('subjects_tenant_idx').on(t.tenantId, t.name)],
);

export const applications = pgTable(
  'applications',
  {
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
    /** migrations/0024_gold.sql */
    goldRate: doublePrecision('gold_rate').notNull().default(0.1),
    qualityFlagBelow: doublePrecision('quality_flag_below').notNull().default(0.8),
    /** migrations/0026_feedback_scope.sql */
    feedbackScope: text('feedback_scope').$type<FeedbackScope>().notNull().default('uncertain'),
    /** migrations/0018_honest_measures.sql */
    lastCandidate: jsonb('last_candidate').$type<CandidateDecision>(),
    /** migrations/0027_recent_exemplars.sql; read through server/vision/exemplars/templates.ts (`templatesIn`). */
    recentExemplars: jsonb('recent_exemplars').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('applications_tenant_idx').on(t.tenantId, t.createdAt)],
);

export const models = pgTable(
  'models',
  {
    modelId: text('model_id').primaryKey(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.applicationId, { onDelete: 'cascade' }),
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
    // migrations/0020_forced_releases.sql: released by a manager although the release rule kept it back.
    forced: boolean('forced').notNull().default(false),
  },
  (t) => [unique().on(t.applicationId, t.version)],
);

export interface MediaDetails {
  author?: string | null;
  author_profile_url?: string | null;
  external_media_id?: string | null;
  filename?: string | null;
  /** The frame's index in its parent video (video_segmentation), or a sub-plan's in its plan's grid (retiler). */
  frame?: number | null;
  /** Where a crop or sub-plan lies in the plan it was made of (see the media object's place_in_plan). */
  place_in_plan?: PlaceInPlan | null;
  /** Seconds, for a video (or animated GIF): its poster is the variant at its full width. */
  duration?: number | null;
  license?: string | null;
  title?: string | null;
  source_url?: string | null;
  /** Captured media: the camera's application, a feed item's post and image. */
  network_camera_id?: string | null;
  original_landing_url?: string | null;
  original_url?: string | null;
}

export const media = pgTable(
  'media',
  {
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
  },
  (t) => [
    index('media_tenant_idx').on(t.tenantId, t.createdAt),
    index('media_md5_idx').on(t.tenantId, t.md5),
    index('media_filename_idx').on(t.tenantId, sql`(${t.details} ->> 'filename')`),
  ],
);
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
export const gateways = pgTable(
  'gateways',
  {
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
  },
  (t) => [index('gateways_tenant_idx').on(t.tenantId, t.createdAt)],
);
export const serviceSecret = pgTable('service_secret', {
  id: smallint('id').primaryKey(),
  secret: text('secret').notNull(),
});

export const exports = pgTable(
  'exports',
  {
    exportId: text('export_id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    applicationId: text('application_id').notNull(),
    requestedBy: text('requested_by').notNull(),
    format: text('format').$type<ExportFormat>().notNull(),
    includeImages: boolean('include_images').notNull(),
    coordinates: text('coordinates').$type<ExportCoordinates>().notNull().default('media'),
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
  },
  (t) => [
    uniqueIndex('exports_preparing_idx').on(t.applicationId, t.format, t.includeImages, t.coordinates).where(sql`${t.state} = 'preparing'`),
    index('exports_expiry_idx').on(t.expiresAt),
  ],
);

export const labelImports = pgTable(
  'label_imports',
  {
    importId: text('import_id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    applicationId: text('application_id').notNull(),
    requestedBy: text('requested_by').notNull(),
    fields: jsonb('fields').$type<ImportJobFields>().notNull(),
    files: jsonb('files').$type<{ key: string; filename: string | null }[]>().notNull(),
    state: text('state').$type<ImportState>().notNull(),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    report: jsonb('report').$type<ImportReport>(),
    message: text('message'),
    createdAt: doublePrecision('created_at').notNull(),
    finishedAt: doublePrecision('finished_at'),
    expiresAt: doublePrecision('expires_at').notNull(),
  },
  (t) => [index('label_imports_expiry_idx').on(t.expiresAt)],
);

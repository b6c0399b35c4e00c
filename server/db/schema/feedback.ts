// Typed mirror of the migrations' assertion and feedback tables; schema-sync.test.ts proves both describe one database.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, doublePrecision, index, jsonb, pgSequence, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import type { AppData, ItemAnswer, PointCoords } from '../../../src/api/application-types/answer';
import type { AnswerSet } from '../../../src/api/schemas/models';
import type { AppDataType, Focus } from '../../../src/api/types';
import { applications, media } from './domain';

/** An item of an application: one media item, or one focus on it (a region, a frame); fresh builders for each table. */
export const itemColumns = () => ({
  appId: text('app_id')
    .notNull()
    .references(() => applications.applicationId, { onDelete: 'cascade' }),
  mediaId: text('media_id')
    .notNull()
    .references(() => media.mediaId, { onDelete: 'cascade' }),
  focusKey: text('focus_key').notNull().default(''),
  focus: jsonb('focus').$type<Focus | null>(),
});

/** Numbers detection-record changes, for paging through them in order. */
export const detectionUpdateSeq = pgSequence('detection_update_seq');

export const assertions = pgTable(
  'assertions',
  {
    detectionId: text('detection_id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    tenantId: text('tenant_id').notNull(),
    mediaId: text('media_id')
      .notNull()
      .references(() => media.mediaId, { onDelete: 'cascade' }),
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
    /** An answer's set, `training` or `validation`, fixed by its media id; null on other assertions (migrations/0010_model_history.sql). */
    setAssignment: text('set_assignment')
      .$type<AnswerSet>()
      .generatedAlwaysAs(sql`CASE WHEN user_id IS NOT NULL AND app_id IS NOT NULL THEN answer_set(media_id) END`),
  },
  // The first also INCLUDEs user_id, model_id and seq, which drizzle cannot declare (see schema-sync.test.ts).
  (t) => [
    index('assertions_media_idx').on(t.mediaId, t.subjectUid, t.focusKey),
    index('assertions_app_media_idx').on(t.appId, t.mediaId, t.focusKey),
    index('assertions_subject_idx').on(t.tenantId, t.subjectUid, t.seq),
    index('assertions_app_current_idx').on(t.appId, t.mediaId, t.focusKey, t.probability).where(sql`current`),
    index('assertions_consensus_idx').on(t.mediaId, t.subjectUid, t.focusKey).where(sql`current AND user_id IS NOT NULL`),
  ],
);

export const detectionRecords = pgTable(
  'detection_records',
  {
    ...itemColumns(),
    updatedAt: doublePrecision('updated_at').notNull(),
    updateSeq: bigint('update_seq', { mode: 'number' })
      .notNull()
      .default(sql`nextval('detection_update_seq')`),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.mediaId, t.focusKey] }),
    index('detection_records_page_idx').on(t.appId, t.updateSeq),
    index('detection_records_time_idx').on(t.appId, t.updatedAt),
  ],
);

export interface QueuedProposal {
  subject_uid: string;
  probability: number;
  uncal_prob: number;
  app_data_type: AppDataType | null;
  app_data: AppData | null;
  counted?: PointCoords[];
}

export const feedbackQueue = pgTable(
  'feedback_queue',
  {
    ...itemColumns(),
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
  (t) => [
    primaryKey({ columns: [t.appId, t.mediaId, t.focusKey] }),
    index('feedback_queue_pull_idx')
      .on(t.appId, sql`(first_leased_at IS NULL)`, t.priority.desc().nullsFirst(), t.createdAt)
      .where(sql`${t.scheduledAt} IS NOT NULL`),
  ],
);

/** One labeller's answer to an item, as a consensus item keeps it (migrations/0012_consensus.sql). */
export interface LabellerAnswer {
  user_id: string;
  subjects: ItemAnswer;
  decision_time: number;
}

export type ConsensusStatus = 'agreed' | 'in_review' | 'reviewed' | 'single';

export const consensusItems = pgTable(
  'consensus_items',
  {
    consensusId: text('consensus_id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    ...itemColumns(),
    status: text('status').$type<ConsensusStatus>().notNull(),
    answers: jsonb('answers').$type<LabellerAnswer[]>().notNull(),
    subjects: jsonb('subjects').$type<ItemAnswer>(),
    createdAt: doublePrecision('created_at').notNull(),
    decidedAt: doublePrecision('decided_at'),
    decidedBy: text('decided_by'),
  },
  (t) => [
    unique().on(t.appId, t.mediaId, t.focusKey),
    index('consensus_items_review_idx').on(t.appId, t.createdAt).where(sql`${t.status} = 'in_review'`),
    index('consensus_items_decided_idx').on(t.appId, t.decidedAt).where(sql`${t.decidedAt} IS NOT NULL`),
  ],
);

export const feedbackSkips = pgTable(
  'feedback_skips',
  {
    appId: text('app_id')
      .notNull()
      .references(() => applications.applicationId, { onDelete: 'cascade' }),
    mediaId: text('media_id').notNull(),
    focusKey: text('focus_key').notNull(),
    userId: text('user_id').notNull(),
    until: doublePrecision('until').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.mediaId, t.focusKey, t.userId] })],
);

/** Every skip, for the labeller analytics (migrations/0025_skip_log.sql): `feedbackSkips` keeps only those in force. */
export const feedbackSkipLog = pgTable(
  'feedback_skip_log',
  {
    appId: text('app_id')
      .notNull()
      .references(() => applications.applicationId, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    mediaId: text('media_id').notNull(),
    focusKey: text('focus_key').notNull(),
    skippedAt: doublePrecision('skipped_at').notNull(),
  },
  (t) => [index('feedback_skip_log_app_idx').on(t.appId, t.skippedAt)],
);

export const feedbackIssued = pgTable(
  'feedback_issued',
  {
    appId: text('app_id')
      .notNull()
      .references(() => applications.applicationId, { onDelete: 'cascade' }),
    mediaId: text('media_id').notNull(),
    issuedAt: doublePrecision('issued_at').notNull(),
  },
  (t) => [index('feedback_issued_idx').on(t.appId, t.issuedAt)],
);

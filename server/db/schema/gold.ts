// Typed mirror of migrations/0024_gold.sql; schema-sync.test.ts proves both describe one database.
import { boolean, doublePrecision, foreignKey, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { ItemAnswer } from '../../../src/api/application-types/answer';
import type { GoldSource } from '../../../src/api/schemas/gold';
import { itemColumns, type QueuedProposal } from './feedback';

export const goldItems = pgTable(
  'gold_items',
  {
    ...itemColumns(),
    /** The truth, as the subjects of a feedback body. */
    subjects: jsonb('subjects').$type<ItemAnswer>().notNull(),
    /** What a labeller is shown, as a feedback request's proposals. */
    proposals: jsonb('proposals').$type<QueuedProposal[]>().notNull(),
    source: text('source').$type<GoldSource>().notNull(),
    createdBy: text('created_by'),
    createdAt: doublePrecision('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.mediaId, t.focusKey] })],
);

export const goldAnswers = pgTable(
  'gold_answers',
  {
    appId: text('app_id').notNull(),
    mediaId: text('media_id').notNull(),
    focusKey: text('focus_key').notNull(),
    userId: text('user_id').notNull(),
    servedAt: doublePrecision('served_at').notNull(),
    leaseExpiresAt: doublePrecision('lease_expires_at'),
    answeredAt: doublePrecision('answered_at'),
    decisionTime: doublePrecision('decision_time'),
    subjects: jsonb('subjects').$type<ItemAnswer>(),
    /** 0..1 by the type's measure; null until answered. */
    score: doublePrecision('score'),
    skipped: boolean('skipped').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.mediaId, t.focusKey, t.userId] }),
    foreignKey({ columns: [t.appId, t.mediaId, t.focusKey], foreignColumns: [goldItems.appId, goldItems.mediaId, goldItems.focusKey] }).onDelete('cascade'),
    index('gold_answers_user_idx').on(t.appId, t.userId, t.answeredAt),
  ],
);

// Typed mirror of the migrations' callback, job and capture tables; schema-sync.test.ts proves both describe one database.
import { sql } from 'drizzle-orm';
import { bigserial, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { applications } from './domain';

export const callbackOutbox = pgTable(
  'callback_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => applications.applicationId, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    firstAttemptAt: doublePrecision('first_attempt_at'),
    nextAttemptAt: doublePrecision('next_attempt_at').notNull(),
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    lastError: text('last_error'),
    createdAt: doublePrecision('created_at').notNull(),
  },
  (t) => [index('callback_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

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

// migrations/0003_media.sql, 0014_background_jobs.sql
export const localJobs = pgTable(
  'local_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    singletonKey: text('singleton_key'),
    attempts: integer('attempts').notNull().default(0),
    runAfter: doublePrecision('run_after').notNull(),
    lastError: text('last_error'),
    createdAt: doublePrecision('created_at').notNull(),
  },
  (t) => [
    index('local_jobs_due_idx').on(t.runAfter, t.id),
    uniqueIndex('local_jobs_waiting_key_idx').on(t.name, t.singletonKey).where(sql`${t.attempts} = 0`),
  ],
);

export const finishedJobs = pgTable(
  'finished_jobs',
  {
    jobId: text('job_id').primaryKey(),
    finishedAt: doublePrecision('finished_at').notNull(),
  },
  (t) => [index('finished_jobs_age_idx').on(t.finishedAt)],
);

// migrations/0023_captures.sql
export const captureState = pgTable('capture_state', {
  applicationId: text('application_id')
    .primaryKey()
    .references(() => applications.applicationId, { onDelete: 'cascade' }),
  generation: integer('generation').notNull().default(0),
  sealedPassword: text('sealed_password'),
  passwordOrigin: text('password_origin'),
  captured: integer('captured').notNull().default(0),
  attempts: integer('attempts').notNull().default(0),
  failures: integer('failures').notNull().default(0),
  lastAttemptAt: doublePrecision('last_attempt_at'),
  lastCaptureAt: doublePrecision('last_capture_at'),
  lastCaptureMs: doublePrecision('last_capture_ms'),
  lastMediaId: text('last_media_id'),
  lastError: text('last_error'),
  lastErrorAt: doublePrecision('last_error_at'),
  nextAttemptAt: doublePrecision('next_attempt_at'),
});

export const capturedItems = pgTable(
  'captured_items',
  {
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.applicationId, { onDelete: 'cascade' }),
    itemKey: text('item_key').notNull(),
    mediaId: text('media_id').notNull(),
    capturedAt: doublePrecision('captured_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.itemKey] })],
);

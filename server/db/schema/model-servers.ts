// Typed mirror of the migrations' model server tables; schema-sync.test.ts proves both describe one database.
import { bigserial, boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { ModelServerState, ModelSource } from '../../../src/api/schemas/model-server';
import { applications } from './domain';

export const modelServers = pgTable('model_servers', {
  applicationId: text('application_id')
    .primaryKey()
    .references(() => applications.applicationId, { onDelete: 'cascade' }),
  tenantId: text('tenant_id').notNull(),
  url: text('url').notNull(),
  sealedAuthHeader: text('sealed_auth_header'),
  timeoutSeconds: integer('timeout_seconds').notNull(),
  interactive: boolean('interactive').notNull().default(false),
  extraParams: jsonb('extra_params').$type<Record<string, unknown>>().notNull().default({}),
  modelSource: text('model_source').$type<ModelSource>().notNull().default('server'),
  mediaGrant: text('media_grant').notNull(),
  state: text('state').$type<ModelServerState>().notNull().default('unknown'),
  lastError: text('last_error'),
  lastCheckedAt: doublePrecision('last_checked_at'),
  modelVersion: text('model_version'),
  failures: integer('failures').notNull().default(0),
  circuitOpenUntil: doublePrecision('circuit_open_until'),
  droppedNote: text('dropped_note'),
  createdAt: doublePrecision('created_at').notNull(),
});

export const modelServerVersions = pgTable(
  'model_server_versions',
  {
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.applicationId, { onDelete: 'cascade' }),
    modelVersion: text('model_version').notNull(),
    firstSeenAt: doublePrecision('first_seen_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.applicationId, table.modelVersion] })],
);

export const modelServerEvents = pgTable(
  'model_server_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.applicationId, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: doublePrecision('created_at').notNull(),
  },
  (table) => [index('model_server_events_application').on(table.applicationId, table.seq)],
);

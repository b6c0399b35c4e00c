import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  /** Stored lower-cased: emails compare case-insensitively. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  givenName: text('given_name'),
  surname: text('surname'),
  createdAt: createdAt(),
});

export const tenants = pgTable('tenants', {
  id: text('id').primaryKey(),
  type: text('type', { enum: ['usertenant', 'orgtenant'] }).notNull(),
  name: text('name').notNull(),
  cloudRegion: text('cloud_region').notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: createdAt(),
  modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
});

export const memberships = pgTable(
  'memberships',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['tenant_admin', 'tenant_user'] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.userId] }), index('memberships_user').on(table.userId)],
);

export const invites = pgTable(
  'invites',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    invitedEmail: text('invited_email').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'declined'] }).notNull(),
    createdBy: text('created_by').notNull(),
    resendCounter: integer('resend_counter').notNull().default(0),
    lastResendBy: text('last_resend_by'),
    lastResendAt: timestamp('last_resend_at', { withTimezone: true }),
    createdAt: createdAt(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** SHA-256 (hex) of the acceptance code; null for invites sent before codes existed. */
    codeHash: text('code_hash'),
  },
  (table) => [
    uniqueIndex('invites_one_pending_per_email')
      .on(table.tenantId, table.invitedEmail)
      .where(sql`${table.status} = 'pending'`),
    index('invites_invited_email').on(table.invitedEmail),
  ],
);

/** Mirror of migrations/0007_rate_limits.sql: one counted attempt under a key, until `expires_at` (Unix seconds). */
export const rateLimitSlots = pgTable(
  'rate_limit_slots',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    expiresAt: doublePrecision('expires_at').notNull(),
  },
  (table) => [index('rate_limit_slots_key_idx').on(table.key, table.expiresAt), index('rate_limit_slots_expiry_idx').on(table.expiresAt)],
);

// migrations/0011_api_keys.sql
export const apiKeys = pgTable(
  'api_keys',
  {
    keyId: text('key_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    description: text('description').notNull().default(''),
    /** Hex SHA-256 of the key's secret part; the key itself is never stored. */
    secretSha256: text('secret_sha256').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('api_keys_user_idx').on(table.userId, table.createdAt)],
);

import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { ModelServer, ModelServerSettings, ModelServerVersions } from '../../src/api/schemas/model-server';
import type { Database } from '../db';
import { modelServers, modelServerVersions } from '../db/schema';
import { seal, unseal } from '../db/sealed-text';
import { unixNow } from '../db/unix-time';
import type { MediaGrant } from '../media/signed-urls';
import type { CameraAddressRules } from '../net/camera-address-rule';
import { invalid, notFound } from '../errors';
import type { ApplicationRow } from '../domain/applications';
import { typeModule } from '../types/registry';
import { modelServerUrlRefusal } from './address';

export type ModelServerRow = typeof modelServers.$inferSelect;

export async function readModelServer(db: Database, applicationId: string): Promise<ModelServerRow | undefined> {
  const [row] = await db.select().from(modelServers).where(eq(modelServers.applicationId, applicationId));
  return row;
}

export async function hasModelServer(db: Database, applicationId: string): Promise<boolean> {
  const [row] = await db.select({ id: modelServers.applicationId }).from(modelServers).where(eq(modelServers.applicationId, applicationId));
  return row !== undefined;
}

export async function requireModelServer(db: Database, applicationId: string): Promise<ModelServerRow> {
  const row = await readModelServer(db, applicationId);
  if (!row) throw notFound('This application has no model server.');
  return row;
}

/** The grant of the application's media to its model server, which the links it is sent are signed with. */
export async function mediaGrantOf(db: Database, applicationId: string): Promise<MediaGrant | null> {
  const [row] = await db.select({ grant: modelServers.mediaGrant }).from(modelServers).where(eq(modelServers.applicationId, applicationId));
  return row ? { applicationId, grant: row.grant } : null;
}

/** The `Authorization` header the server is sent, unsealed; null when none is set. */
export const authHeaderOf = (row: ModelServerRow, sealingKey: Buffer): string | null =>
  row.sealedAuthHeader === null ? null : unseal(sealingKey, row.sealedAuthHeader);

/** The sealed header after a change: a new one sealed, "" or null removed, none given kept while the origin stays. */
function sealedHeaderAfter(given: string | null | undefined, previous: ModelServerRow | undefined, url: string, sealingKey: Buffer): string | null {
  if (typeof given === 'string' && given.trim() !== '') return seal(sealingKey, given.trim());
  if (given === undefined && previous && new URL(previous.url).origin === new URL(url).origin) return previous.sealedAuthHeader;
  return null;
}

/**
 * Connects the application to a model server, or changes its settings: the URL by the address rule (a refusal is
 * `invalid` at once), the auth header sealed. A new URL starts with a new media grant, which revokes the links the
 * server before was given, and with its status unknown until it is checked.
 */
export async function saveModelServer(
  db: Database,
  appRow: ApplicationRow,
  settings: ModelServerSettings,
  { rules, sealingKey }: { rules: CameraAddressRules; sealingKey: Buffer },
): Promise<ModelServerRow> {
  if (!typeModule(appRow.type)?.modelServer) throw invalid(`Applications of type ${appRow.type} cannot take a model server.`, [{ field: 'body.url', message: 'This type has no model server protocol.' }]);
  const refusal = modelServerUrlRefusal(new URL(settings.url), rules);
  if (refusal !== null) throw invalid(refusal, [{ field: 'body.url', message: refusal }]);
  const previous = await readModelServer(db, appRow.applicationId);
  const sameServer = previous?.url === settings.url;
  const values = {
    url: settings.url,
    sealedAuthHeader: sealedHeaderAfter(settings.auth_header, previous, settings.url, sealingKey),
    timeoutSeconds: settings.timeout_seconds,
    interactive: settings.interactive,
    extraParams: settings.extra_params,
    modelSource: settings.model_source,
  };
  const fresh = { mediaGrant: randomBytes(24).toString('base64url'), state: 'unknown' as const, lastError: null, lastCheckedAt: null, failures: 0, circuitOpenUntil: null, droppedNote: null };
  const [row] = await db
    .insert(modelServers)
    .values({ applicationId: appRow.applicationId, tenantId: appRow.tenantId, ...values, ...fresh, createdAt: unixNow() })
    .onConflictDoUpdate({ target: modelServers.applicationId, set: sameServer ? values : { ...values, ...fresh } })
    .returning();
  return row!;
}

/** Disconnects the server: its settings, secret and grant go (every media link it was given stops working). */
export async function removeModelServer(db: Database, applicationId: string): Promise<void> {
  const removed = await db.delete(modelServers).where(eq(modelServers.applicationId, applicationId)).returning({ id: modelServers.applicationId });
  if (removed.length === 0) throw notFound('This application has no model server.');
}

/** The settings as the interface shows them: the secret only as `auth_set`. */
export const modelServerView = (row: ModelServerRow): ModelServer => ({
  application_id: row.applicationId,
  url: row.url,
  auth_set: row.sealedAuthHeader !== null,
  timeout_seconds: row.timeoutSeconds,
  interactive: row.interactive,
  extra_params: row.extraParams,
  model_source: row.modelSource,
  state: row.state,
  last_error: row.lastError,
  last_checked_at: row.lastCheckedAt,
  model_version: row.modelVersion,
  dropped_note: row.droppedNote,
});

export async function modelServerVersionHistory(db: Database, applicationId: string): Promise<ModelServerVersions> {
  const rows = await db
    .select()
    .from(modelServerVersions)
    .where(eq(modelServerVersions.applicationId, applicationId))
    .orderBy(desc(modelServerVersions.firstSeenAt));
  return { versions: rows.map((row) => ({ model_version: row.modelVersion, first_seen_at: row.firstSeenAt })) };
}

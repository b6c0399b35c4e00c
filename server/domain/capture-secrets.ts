import { eq } from 'drizzle-orm';
import type { Database } from '../db';
import { captureState } from '../db/schema';
import { seal } from '../db/sealed-text';
import { captureModule } from '../types/registry';

/** What becomes of an application's sealed secret: kept as it is, or replaced (null: removed). */
type SecretChange = { kind: 'keep' } | { kind: 'set'; sealed: string | null; scope: string | null };

interface StoredSettings {
  customFields: Record<string, unknown> | undefined;
  secret: SecretChange;
}

/** The secret the application holds now, and where it may be sent. */
async function heldSecret(db: Database, applicationId: string) {
  const [row] = await db
    .select({ sealed: captureState.sealedPassword, scope: captureState.passwordOrigin })
    .from(captureState)
    .where(eq(captureState.applicationId, applicationId));
  return row?.sealed ? { scope: row.scope } : null;
}

/**
 * custom_fields as they are stored, without the type's secret (a camera's password), which is sealed instead: a
 * string sets it, null or "" removes it, and without it the one held is kept while its scope (the camera URL's origin)
 * stays, else removed, so that a changed URL never receives the old password. The stored custom_fields say whether
 * one is held (`password_set`).
 */
export async function withoutSecret(
  db: Database,
  type: string,
  given: Record<string, unknown> | undefined,
  previous: { applicationId: string } | null,
  sealingKey: Buffer | undefined,
): Promise<StoredSettings> {
  const secret = captureModule(type)?.secret;
  if (!secret || given === undefined) return { customFields: given, secret: { kind: 'keep' } };
  const { [secret.key]: value, [secret.setFlag]: _flag, ...rest } = given;
  const scope = secret.scopeOf(given);
  let change: SecretChange = { kind: 'set', sealed: null, scope: null };
  if (typeof value === 'string' && value !== '') {
    if (!sealingKey) throw new Error('A secret setting was given where nothing can seal it.');
    change = { kind: 'set', sealed: seal(sealingKey, value), scope };
  } else if (value === undefined && previous && (await heldSecret(db, previous.applicationId))?.scope === scope) {
    change = { kind: 'keep' };
  }
  const isSet = change.kind === 'keep' || change.sealed !== null;
  return { customFields: { ...rest, [secret.setFlag]: isSet }, secret: change };
}

/** Writes the change of the application's secret, in the caller's transaction. */
export async function saveSecret(tx: Database, applicationId: string, change: SecretChange): Promise<void> {
  if (change.kind === 'keep') return;
  await tx
    .insert(captureState)
    .values({ applicationId, sealedPassword: change.sealed, passwordOrigin: change.scope })
    .onConflictDoUpdate({ target: captureState.applicationId, set: { sealedPassword: change.sealed, passwordOrigin: change.scope } });
}

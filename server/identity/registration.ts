import type { ServiceConfig } from '../config';
import type { Database } from '../db';
import { forbidden } from '../errors';
import { listPendingInvitesFor } from './invites';

/**
 * Refuses a registration that the operator's REGISTRATION setting does not allow: `closed` takes none, `invite` only
 * an email with a pending invite (the new account then accepts it with the invite's code).
 */
export async function requireRegistrationAllowed(db: Database, mode: ServiceConfig['registration'], email: string): Promise<void> {
  if (mode === 'closed') throw forbidden('This service takes no new registrations: ask its operator for an account.');
  if (mode === 'invite' && (await listPendingInvitesFor(db, email)).length === 0) {
    throw forbidden('This service registers invited people only: ask a tenant administrator to invite this email first.');
  }
}

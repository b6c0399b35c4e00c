import { hashPassword } from '../auth/passwords';
import type { ServiceConfig } from '../config';
import type { Database } from '../db';
import { forbidden } from '../errors';
import { acceptHeldInvite, holdInviteByCode } from './invites';
import { createUser, insertUser, type NewUser, type UserRow } from './users';

export interface Registration extends Omit<NewUser, 'personalTenant'> {
  /** The code of the invite the person registers with (the invite link carries it). */
  inviteCode?: string | undefined;
}

/**
 * Registers a person as the operator's REGISTRATION setting allows. `closed` takes nobody. `invite` takes only the
 * holder of an invite's code: the account joins the inviting tenant as a tenant_user, and gets no tenant of its own
 * (an operator who invites decides who runs applications). `open` takes anyone, with a tenant of their own (as the
 * interface has it), and with a code joins the inviting tenant too. A code given must be right in every mode.
 */
export async function register(db: Database, mode: ServiceConfig['registration'], input: Registration): Promise<UserRow> {
  if (mode === 'closed') throw forbidden('This service takes no new registrations: ask its operator for an account.');
  const { inviteCode, ...user } = input;
  if (inviteCode === undefined) {
    if (mode === 'invite') {
      throw forbidden('This service registers invited people only: open the link of your invite (it carries its code), or ask a tenant administrator for one.');
    }
    return createUser(db, user);
  }
  const passwordHash = await hashPassword(user.password);
  return db.transaction(async (tx) => {
    const invite = await holdInviteByCode(tx, user.email, inviteCode);
    const created = await insertUser(tx, { ...user, personalTenant: mode === 'open' }, passwordHash);
    await acceptHeldInvite(tx, invite, created.id);
    return created;
  });
}

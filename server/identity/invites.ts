import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Invite, SentInvite } from '../../src/api/schemas/identity';
import type { Database } from '../db';
import { newId } from '../db/ids';
import { invites, memberships, tenants, users } from '../db/schema';
import { conflict, forbidden, notFound } from '../errors';
import { addMember } from './tenants';
import { normalizeEmail } from '../../src/api/schemas/email';
import { toUnixSeconds } from '../db/unix-time';
import { INVITE_CODE_DAYS } from '../../src/api/limits';

type InviteRow = typeof invites.$inferSelect;

function toInvite(row: InviteRow, tenantName: string): Invite {
  return {
    created_by: row.createdBy,
    invited_user_email: row.invitedEmail,
    invitation_status: row.status,
    tenant_name: tenantName,
    tenant_id: row.tenantId,
    resend_counter: row.resendCounter,
    last_resend_by: row.lastResendBy,
    last_resend_at: row.lastResendAt && toUnixSeconds(row.lastResendAt),
    created_at: toUnixSeconds(row.createdAt),
    accepted_at: row.acceptedAt && toUnixSeconds(row.acceptedAt),
  };
}

const withTenantName = { invite: invites, tenantName: tenants.name };

const hashCode = (code: string) => createHash('sha256').update(code).digest();

/** A new acceptance code (128 random bits) and the hash that is stored. */
function newInviteCode(): { code: string; codeHash: string } {
  const code = randomBytes(16).toString('base64url');
  return { code, codeHash: hashCode(code).toString('hex') };
}

const codeExpired = (row: InviteRow, now: Date) =>
  now.getTime() - (row.lastResendAt ?? row.createdAt).getTime() > INVITE_CODE_DAYS * 86_400_000;

const EXPIRED_CODE = `This invite code has expired (a code works for ${INVITE_CODE_DAYS} days): ask for the invite to be sent again.`;

function codeMatches(code: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const stored = Buffer.from(storedHash, 'hex');
  const given = hashCode(code);
  return stored.length === given.length && timingSafeEqual(stored, given);
}

export interface InviteRequest {
  tenantId: string;
  invitedEmail: string;
  senderEmail: string;
}

/**
 * Creates a pending invite, or resends the one already pending for that email. A member already in is 409. Either way
 * the invite gets a new acceptance code, returned this once (only its hash is kept): the sender passes it on.
 */
export async function sendInvite(db: Database, request: InviteRequest): Promise<{ invite: SentInvite; created: boolean }> {
  const invitedEmail = normalizeEmail(request.invitedEmail);
  return db.transaction(async (tx) => {
    const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, request.tenantId)).for('update');
    if (!tenant) throw notFound('Tenant not found.');
    const [member] = await tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.tenantId, tenant.id), eq(users.email, invitedEmail)));
    if (member) throw conflict(`${invitedEmail} is already a member of ${tenant.name}.`);
    const { code, codeHash } = newInviteCode();

    const [resent] = await tx
      .update(invites)
      .set({
        resendCounter: sql`${invites.resendCounter} + 1`,
        lastResendBy: request.senderEmail,
        lastResendAt: new Date(),
        codeHash,
      })
      .where(and(eq(invites.tenantId, tenant.id), eq(invites.invitedEmail, invitedEmail), eq(invites.status, 'pending')))
      .returning();
    if (resent) return { invite: { ...toInvite(resent, tenant.name), invite_code: code }, created: false };

    const [created] = await tx
      .insert(invites)
      .values({ id: newId('inv'), tenantId: tenant.id, invitedEmail, status: 'pending', createdBy: request.senderEmail, codeHash })
      .returning();
    return { invite: { ...toInvite(created!, tenant.name), invite_code: code }, created: true };
  });
}

export async function listPendingTenantInvites(db: Database, tenantId: string): Promise<Invite[]> {
  const rows = await db
    .select(withTenantName)
    .from(invites)
    .innerJoin(tenants, eq(tenants.id, invites.tenantId))
    .where(and(eq(invites.tenantId, tenantId), eq(invites.status, 'pending')))
    .orderBy(asc(invites.createdAt), asc(invites.id));
  return rows.map((row) => toInvite(row.invite, row.tenantName));
}

export async function listPendingInvitesFor(db: Database, email: string): Promise<Invite[]> {
  const rows = await db
    .select(withTenantName)
    .from(invites)
    .innerJoin(tenants, eq(tenants.id, invites.tenantId))
    .where(and(eq(invites.invitedEmail, normalizeEmail(email)), eq(invites.status, 'pending')))
    .orderBy(asc(invites.createdAt), asc(invites.id));
  return rows.map((row) => toInvite(row.invite, row.tenantName));
}

export interface InviteAnswerRequest {
  tenantId: string;
  userId: string;
  email: string;
  status: 'accepted' | 'declined';
  /** The invite's acceptance code, when the caller gave one. */
  code?: string;
}

/**
 * Answers the user's latest invite to the tenant: 404 when there is none, 409 when it is no longer pending.
 * An account made after the invite was sent must give the invite's code (403 without it or with a wrong one): the
 * invite went to the person who holds the email, who may not be whoever registered that email first. An account that
 * already existed when the invite was sent is the one the sender invited; a code it gives must still be right.
 * Accepting makes the user a tenant_user of the tenant.
 */
export async function answerInvite(db: Database, answer: InviteAnswerRequest): Promise<Invite> {
  return db.transaction(async (tx) => {
    const [latest] = await tx
      .select(withTenantName)
      .from(invites)
      .innerJoin(tenants, eq(tenants.id, invites.tenantId))
      .where(and(eq(invites.tenantId, answer.tenantId), eq(invites.invitedEmail, normalizeEmail(answer.email))))
      .orderBy(desc(invites.createdAt), desc(invites.id))
      .limit(1)
      .for('update', { of: invites });
    if (!latest) throw notFound('No invite to this tenant was found.');
    if (latest.invite.status !== 'pending') throw conflict(`This invite was already ${latest.invite.status}.`);
    // Compared in the database, at its full (microsecond) precision.
    const [account] = await tx
      .select({ newer: sql<boolean>`${users.createdAt} > ${invites.createdAt}` })
      .from(users)
      .innerJoin(invites, eq(invites.id, latest.invite.id))
      .where(eq(users.id, answer.userId));
    const newerThanInvite = account?.newer ?? true;
    if (answer.code !== undefined) {
      if (!codeMatches(answer.code, latest.invite.codeHash)) throw forbidden('The invite code is not correct.');
      if (codeExpired(latest.invite, new Date())) throw forbidden(EXPIRED_CODE);
    } else if (newerThanInvite) {
      throw forbidden(
        latest.invite.codeHash
          ? 'Your account was made after this invite was sent: give the invite code that came with it.'
          : 'Your account was made after this invite was sent: ask for the invite to be sent again, with a code.',
      );
    }

    return toInvite(await settleInvite(tx, latest.invite, answer.userId, answer.status), latest.tenantName);
  });
}

/** Records the answer to a pending invite; accepting makes the user a tenant_user of its tenant. */
async function settleInvite(tx: Database, invite: InviteRow, userId: string, status: 'accepted' | 'declined'): Promise<InviteRow> {
  const now = new Date();
  const [updated] = await tx
    .update(invites)
    .set({ status, answeredAt: now, acceptedAt: status === 'accepted' ? now : null })
    .where(eq(invites.id, invite.id))
    .returning();
  if (status === 'accepted') await addMember(tx, invite.tenantId, userId, 'tenant_user');
  return updated!;
}

/**
 * The invite of this email that the code was issued for, locked until the transaction ends: 403 when the code is
 * no invite's of this email (the same answer whether or not the email was invited) or has expired, 409 when the
 * invite was answered already.
 */
export async function holdInviteByCode(tx: Database, email: string, code: string): Promise<InviteRow> {
  const [invite] = await tx
    .select()
    .from(invites)
    .where(and(eq(invites.invitedEmail, normalizeEmail(email)), eq(invites.codeHash, hashCode(code).toString('hex'))))
    .for('update');
  if (!invite) throw forbidden('The invite code is not correct for this email: open the link of your invite as it came.');
  if (invite.status !== 'pending') throw conflict(`This invite was already ${invite.status}.`);
  if (codeExpired(invite, new Date())) throw forbidden(EXPIRED_CODE);
  return invite;
}

/** The new account accepts the invite its registration holds (in the same transaction). */
export async function acceptHeldInvite(tx: Database, invite: InviteRow, userId: string): Promise<void> {
  await settleInvite(tx, invite, userId, 'accepted');
}

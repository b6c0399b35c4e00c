import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Invite } from '../../src/api/types';
import type { Database } from '../db';
import { newId } from '../db/ids';
import { invites, memberships, tenants, users } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { toUnixSeconds } from '../http/schemas';
import { addMember } from './tenants';
import { normalizeEmail } from './users';

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

export interface InviteRequest {
  tenantId: string;
  invitedEmail: string;
  senderEmail: string;
}

/** Creates a pending invite, or resends the one already pending for that email. A member already in is 409. */
export async function sendInvite(db: Database, request: InviteRequest): Promise<{ invite: Invite; created: boolean }> {
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

    const [resent] = await tx
      .update(invites)
      .set({
        resendCounter: sql`${invites.resendCounter} + 1`,
        lastResendBy: request.senderEmail,
        lastResendAt: new Date(),
      })
      .where(and(eq(invites.tenantId, tenant.id), eq(invites.invitedEmail, invitedEmail), eq(invites.status, 'pending')))
      .returning();
    if (resent) return { invite: toInvite(resent, tenant.name), created: false };

    const [created] = await tx
      .insert(invites)
      .values({ id: newId('inv'), tenantId: tenant.id, invitedEmail, status: 'pending', createdBy: request.senderEmail })
      .returning();
    return { invite: toInvite(created!, tenant.name), created: true };
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
}

/**
 * Answers the user's latest invite to the tenant: 404 when there is none, 409 when it is no longer pending.
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

    const now = new Date();
    const [updated] = await tx
      .update(invites)
      .set({ status: answer.status, answeredAt: now, acceptedAt: answer.status === 'accepted' ? now : null })
      .where(eq(invites.id, latest.invite.id))
      .returning();
    if (answer.status === 'accepted') {
      await addMember(tx, answer.tenantId, answer.userId, 'tenant_user');
    }
    return toInvite(updated!, latest.tenantName);
  });
}

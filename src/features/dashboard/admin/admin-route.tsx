import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import type { SentInvite } from '../../../api/schemas/identity';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { tenantMembersQueryOptions } from '../../../lib/queries/current-tenant';
import { useCallerRole } from '../shared/caller-role';
import { useSendInvite, useTenantInvites } from './tenant-invites';
import { checkEmail } from './check-email';
import { formatDateTime } from '../shared/format-time';
import { INVITE_CODE_DAYS } from '../../../api/limits';
import { inviteLink } from '../../../lib/invite-link';

const ROLE_NAMES = { tenant_admin: 'Administrator', tenant_user: 'Member' } as const;

function Members({ tenantId }: { tenantId: string }) {
  const members = useQuery(tenantMembersQueryOptions(tenantId));
  if (members.isPending) return <Spinner label="Loading members…" />;
  if (members.isError) return <Alert>{members.error.message}</Alert>;
  return (
    <table className="data-table" aria-labelledby="members-title">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Email</th>
          <th scope="col">Role</th>
        </tr>
      </thead>
      <tbody>
        {members.data.map((member) => (
          <tr key={member.user_id}>
            <td>{[member.given_name, member.surname].filter(Boolean).join(' ') || '—'}</td>
            <td>{member.email}</td>
            <td>{ROLE_NAMES[member.role]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function InviteForm() {
  const send = useSendInvite();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [sent, setSent] = useState<SentInvite | null>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const error = checkEmail(email);
    setProblem(error);
    if (error) return;
    try {
      const invite = await send.mutateAsync(email.trim());
      setSent(invite);
      setEmail('');
    } catch {
      // shown from send.error
    }
  }

  return (
    <form className="invite-form" aria-label="Invite a user" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <div className="inline-row">
        <TextField label="Email to invite" type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={problem} />
        <Button type="submit" variant="primary" busy={send.isPending}>
          Invite
        </Button>
      </div>
      {send.isError && <Alert>{send.error.message}</Alert>}
      {sent && <InviteCode invite={sent} />}
    </form>
  );
}

/**
 * The link travels with the invite: it opens the registration page with the invite's code filled in, which
 * registering (or accepting with an account made after the invite) needs. Only this answer carries the code.
 */
function InviteCode({ invite }: { invite: SentInvite }) {
  const link = inviteLink(window.location.origin, { code: invite.invite_code, email: invite.invited_user_email });
  return (
    <Alert tone="info">
      <p>
        Invite sent to {invite.invited_user_email}. Send them this link: it opens their registration with the invite
        code filled in, and works for {INVITE_CODE_DAYS} days.
      </p>
      <p>
        <code className="invite-link">{link}</code>
      </p>
      <p>
        The code alone, for an account that exists already: <code className="invite-code">{invite.invite_code}</code>
      </p>
    </Alert>
  );
}

function PendingInvites({ tenantId }: { tenantId: string }) {
  const invites = useTenantInvites(tenantId);
  const resend = useSendInvite();
  if (invites.isPending) return <Spinner label="Loading invites…" />;
  if (invites.isError) return <Alert>{invites.error.message}</Alert>;
  if (invites.data.length === 0) return <EmptyState title="No pending invites" />;
  return (
    <>
      {resend.isError && <Alert>{resend.error.message}</Alert>}
      {resend.data && <InviteCode invite={resend.data} />}
      <table className="data-table" aria-labelledby="invites-title">
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Sent</th>
            <th scope="col" className="numeric">
              Resent
            </th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invites.data.map((invite) => (
            <tr key={invite.invited_user_email}>
              <td>{invite.invited_user_email}</td>
              <td>{formatDateTime(invite.last_resend_at ?? invite.created_at)}</td>
              <td className="numeric">{invite.resend_counter}</td>
              <td>
                <Button
                  variant="ghost"
                  aria-label={`Resend invite to ${invite.invited_user_email}`}
                  busy={resend.isPending && resend.variables === invite.invited_user_email}
                  onClick={() => resend.mutate(invite.invited_user_email)}
                >
                  Resend
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** Members, and for tenant administrators: inviting people and resending pending invites. */
export function Component() {
  const tenantId = useParams().tenantId ?? '';
  const role = useCallerRole(tenantId);
  return (
    <>
      <PageHeader title="Tenant admin" />
      <section className="panel" aria-labelledby="members-title">
        <h2 id="members-title" className="section-title">
          Members
        </h2>
        <Members tenantId={tenantId} />
      </section>
      {role.isPending ? null : role.isTenantAdmin ? (
        <section className="panel" aria-labelledby="invites-title">
          <h2 id="invites-title" className="section-title">
            Pending invites
          </h2>
          <InviteForm />
          <div style={{ marginTop: 12 }}>
            <PendingInvites tenantId={tenantId} />
          </div>
        </section>
      ) : (
        <Alert tone="info">Only tenant administrators can invite people.</Alert>
      )}
    </>
  );
}

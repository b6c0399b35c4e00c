import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Invite } from '../../../api/schemas/identity';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { formatDate } from '../../../lib/format';
import { CenteredPage } from '../../../components/centered-page';
import { useSession } from '../../../lib/session/session-store';
import { currentUserEmail } from '../../../lib/session/user-client';
import { myInvitesQueryOptions, useAnswerInvite } from '../api/my-invites';
import './invites.css';

function InviteRow({ invite, onAnswered }: { invite: Invite; onAnswered: (message: string) => void }) {
  const answer = useAnswerInvite();
  const [code, setCode] = useState('');

  async function respond(status: 'accepted' | 'declined') {
    try {
      const invite_code = code.trim() || undefined;
      await answer.mutateAsync({ tenant_id: invite.tenant_id, invitation_status: status, invite_code });
    } catch {
      return; // shown beside the invite from answer.error
    }
    // The row is gone once the list refetches, so the list (not the row) announces the outcome.
    onAnswered(
      status === 'accepted'
        ? `You joined ${invite.tenant_name}. It is now in your tenant list.`
        : `You declined the invite to ${invite.tenant_name}.`,
    );
  }

  return (
    <li className="invite">
      <div>
        <p className="invite__tenant">{invite.tenant_name}</p>
        <p className="invite__meta">
          From {invite.created_by} · {formatDate(invite.last_resend_at ?? invite.created_at)}
        </p>
        <TextField
          label="Invite code (if you were given one)"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
        {answer.isError && <Alert>{answer.error.message}</Alert>}
      </div>
      <div className="invite__actions">
        <Button
          aria-label={`Decline invite to ${invite.tenant_name}`}
          disabled={answer.isPending}
          onClick={() => void respond('declined')}
        >
          Decline
        </Button>
        <Button
          variant="primary"
          aria-label={`Accept invite to ${invite.tenant_name}`}
          busy={answer.isPending && answer.variables.invitation_status === 'accepted'}
          disabled={answer.isPending}
          onClick={() => void respond('accepted')}
        >
          Accept
        </Button>
      </div>
    </li>
  );
}

function InviteList({ email }: { email: string }) {
  const invites = useQuery(myInvitesQueryOptions(email));
  const [announcement, setAnnouncement] = useState<string | null>(null);

  if (invites.isPending) return <Spinner label="Loading invites…" />;
  if (invites.isError) return <Alert>{invites.error.message}</Alert>;
  return (
    <>
      {announcement && <Alert tone="info">{announcement}</Alert>}
      {invites.data.length === 0 ? (
        <EmptyState title="No pending invites">When someone invites you to a tenant, it shows here.</EmptyState>
      ) : (
        <ul className="invite-list">
          {invites.data.map((invite) => (
            <InviteRow key={invite.tenant_id} invite={invite} onAnswered={setAnnouncement} />
          ))}
        </ul>
      )}
    </>
  );
}

export function Component() {
  const session = useSession();
  const email = currentUserEmail();
  return (
    <CenteredPage>
      <PageHeader title="Pending invites" description={email ? `Invites for ${email}.` : undefined} />
      {email ? (
        <InviteList email={email} />
      ) : (
        <Alert tone="info">Sign in (or enter your password on the tenant choice) to see your invites.</Alert>
      )}
      <nav aria-label="Back" className="picker-links">
        {session ? (
          <Link to={`/t/${encodeURIComponent(session.tenantId)}`}>Back to {session.tenantName}</Link>
        ) : (
          <Link to="/tenants">Back to choosing a tenant</Link>
        )}
      </nav>
    </CenteredPage>
  );
}

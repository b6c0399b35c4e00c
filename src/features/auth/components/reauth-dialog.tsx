import { useNavigate } from 'react-router';
import { getToken } from '../../../api/endpoints/identity';
import { Dialog } from '../../../components/dialog';
import { getApiClient } from '../../../lib/api-client';
import { settleReauth, useReauthStore } from '../../../lib/session/reauth';
import { setSession, useSession } from '../../../lib/session/session-store';
import { signOut } from '../../../lib/session/sign-out';
import { PasswordDialogForm } from './password-dialog-form';

/**
 * Asks for the password when the session's token is no longer accepted, over the page the person is on, so that
 * nothing on it is lost: the calls that failed are retried with the new token.
 */
export function ReauthDialog() {
  const open = useReauthStore((state) => state.open);
  const session = useSession();
  const navigate = useNavigate();

  if (!open || !session) return null;

  async function renew(password: string) {
    if (!session) return;
    const token = await getToken(getApiClient(), { email: session.email, password }, session.tenantId);
    setSession(token);
    settleReauth(true);
  }

  function cancel() {
    signOut();
    void navigate('/sign-in', { replace: true });
  }

  return (
    <Dialog open title="Sign in again" onClose={cancel} closeOnEscape={false}>
      <PasswordDialogForm
        intro={
          <>
            Your session in <strong>{session.tenantName}</strong> has expired. Enter the password for{' '}
            {session.email} to carry on where you were.
          </>
        }
        submitLabel="Sign in"
        cancelLabel="Sign out"
        onSubmit={renew}
        onCancel={cancel}
      />
    </Dialog>
  );
}

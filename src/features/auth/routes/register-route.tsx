import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { RateLimitedError } from '../../../api/errors';
import { createUser } from '../../../api/endpoints/identity';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { CenteredPage } from '../../../components/centered-page';
import { FormActions } from '../../../components/form-actions';
import { PageHeader } from '../../../components/page-header';
import { TextField } from '../../../components/text-field';
import { getApiClient } from '../../../lib/api-client';
import { readInviteLink, type InviteLinkParts } from '../../../lib/invite-link';
import { signIn } from '../api/sign-in';
import { describeSignInError } from '../utils/sign-in-errors';
import { useAsyncAction } from '../hooks/use-async-action';

function describeRegistrationError(error: unknown): string {
  if (error instanceof RateLimitedError) {
    const minutes = Math.max(1, Math.ceil(error.retryAfterSeconds / 60));
    return `Too many new accounts from this address: try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
  }
  return describeSignInError(error);
}

/**
 * Makes an account, then signs in with it. An invite link fills in the invite's code and email (from the address's
 * fragment): registering with the code joins the tenant that sent the invite. A link opened on this page (only the
 * fragment changes) fills the form in afresh.
 */
export function Component() {
  const { hash } = useLocation();
  return <RegisterForm key={hash} link={readInviteLink(hash)} />;
}

function RegisterForm({ link }: { link: InviteLinkParts }) {
  const navigate = useNavigate();
  const [email, setEmail] = useState(link.email);
  const [password, setPassword] = useState('');
  const [givenName, setGivenName] = useState('');
  const [surname, setSurname] = useState('');
  const [code, setCode] = useState(link.code);
  const { busy, error, run } = useAsyncAction(describeRegistrationError);

  async function registerAndSignIn() {
    const credentials = { email: email.trim(), password };
    const inviteCode = code.trim();
    await createUser(getApiClient(), {
      ...credentials,
      ...(givenName.trim() ? { given_name: givenName.trim() } : {}),
      ...(surname.trim() ? { surname: surname.trim() } : {}),
      ...(inviteCode ? { invite_code: inviteCode } : {}),
    });
    const outcome = await signIn(credentials);
    await navigate(outcome.kind === 'entered' ? `/t/${encodeURIComponent(outcome.tenantId)}` : '/tenants', { replace: true });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(registerAndSignIn);
  }

  return (
    <CenteredPage>
      <PageHeader
        title="Create an account"
        description={link.code ? 'You were invited: your account joins the tenant that invited you.' : undefined}
      />
      <form className="form" onSubmit={handleSubmit} aria-busy={busy || undefined}>
        {error && <Alert>{error}</Alert>}
        <TextField label="Email" type="email" name="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.target.value)} />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={8}
          hint="At least 8 characters."
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoFocus={!!link.email}
        />
        <TextField label="Given name (optional)" autoComplete="given-name" value={givenName} onChange={(event) => setGivenName(event.target.value)} />
        <TextField label="Surname (optional)" autoComplete="family-name" value={surname} onChange={(event) => setSurname(event.target.value)} />
        <TextField
          label="Invite code"
          hint="Filled in from your invite link; leave it empty if you have none."
          autoComplete="off"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <FormActions>
          <Button type="submit" variant="primary" busy={busy}>
            Create account
          </Button>
        </FormActions>
      </form>
      <nav aria-label="Other choices" className="picker-links">
        <Link to="/sign-in">I have an account: sign in</Link>
      </nav>
    </CenteredPage>
  );
}

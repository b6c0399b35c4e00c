import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { CenteredPage } from '../../../components/centered-page';
import { destinationAfterSignIn } from '../components/require-session';
import { SignInForm, type Credentials } from '../components/sign-in-form';
import { useSession } from '../../../lib/session/session-store';
import { signIn } from '../api/sign-in';
import { REGISTER_PATH } from '../../../lib/invite-link';

export function Component() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();

  if (session) return <Navigate to={destinationAfterSignIn(location.state, session.tenantId)} replace />;

  async function handleSubmit(credentials: Credentials) {
    const outcome = await signIn(credentials);
    if (outcome.kind === 'entered') {
      await navigate(destinationAfterSignIn(location.state, outcome.tenantId), { replace: true });
    } else {
      await navigate('/tenants', { state: location.state });
    }
  }

  return (
    <CenteredPage>
      <PageHeader title="Sign in" description="Review and correct what your models proposed." />
      <SignInForm submitLabel="Sign in" onSubmit={handleSubmit} />
      <nav aria-label="Other choices" className="picker-links">
        <Link to={REGISTER_PATH}>New here? Create an account</Link>
      </nav>
    </CenteredPage>
  );
}

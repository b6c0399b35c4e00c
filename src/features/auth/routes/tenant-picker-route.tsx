import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { BasicCredentials } from '../../../api/client';
import type { TenantListItem } from '../../../api/schemas/identity';
import { Alert } from '../../../components/alert';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { userTenantsQueryOptions } from '../../../lib/session/user-tenants';
import { CenteredPage } from '../../../components/centered-page';
import { destinationAfterSignIn } from '../components/require-session';
import { SignInForm, type Credentials } from '../components/sign-in-form';
import { TenantChoiceList } from '../components/tenant-choice-list';
import { forgetCredentials, getPendingCredentials, rememberCredentials } from '../../../lib/session/pending-credentials';
import { useSession } from '../../../lib/session/session-store';
import { enterTenant, fetchUserTenants } from '../api/sign-in';
import { describeSignInError } from '../utils/sign-in-errors';
import { useAsyncAction } from '../hooks/use-async-action';

function TenantChoices({ credentials }: { credentials: BasicCredentials }) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const tenants = useQuery(userTenantsQueryOptions(credentials));
  const entering = useAsyncAction();

  function choose(tenant: TenantListItem) {
    void entering.run(async () => {
      const tenantId = await enterTenant(credentials, tenant.tenant_id);
      await navigate(destinationAfterSignIn(location.state, tenantId), { replace: true });
    });
  }

  if (tenants.isPending) return <Spinner label="Loading your tenants…" />;
  if (tenants.isError) return <Alert>{describeSignInError(tenants.error)}</Alert>;
  return (
    <>
      {entering.error && <Alert>{entering.error}</Alert>}
      {tenants.data.length === 0 ? (
        <EmptyState title="You do not belong to any tenant yet">Accept an invite to join one.</EmptyState>
      ) : (
        <TenantChoiceList
          tenants={tenants.data}
          currentTenantId={session?.tenantId}
          disabled={entering.busy}
          onChoose={choose}
        />
      )}
    </>
  );
}

export function Component() {
  const session = useSession();
  const [credentials, setCredentials] = useState(getPendingCredentials);

  async function confirmPassword(entered: Credentials) {
    await fetchUserTenants(entered);
    rememberCredentials(entered);
    setCredentials(entered);
  }

  return (
    <CenteredPage>
      <PageHeader
        title="Choose a tenant"
        description={credentials ? `Signed in as ${credentials.email}.` : 'Enter your password again to see your tenants.'}
      />
      {credentials ? (
        <TenantChoices credentials={credentials} />
      ) : (
        <SignInForm initialEmail={session?.email} submitLabel="Continue" onSubmit={confirmPassword} />
      )}
      <nav aria-label="Other choices" className="picker-links">
        <Link to="/invites">Pending invites</Link>
        {session ? (
          <Link to={`/t/${encodeURIComponent(session.tenantId)}`}>Back to {session.tenantName}</Link>
        ) : (
          <Link to="/sign-in" onClick={forgetCredentials}>
            Sign in as someone else
          </Link>
        )}
      </nav>
    </CenteredPage>
  );
}

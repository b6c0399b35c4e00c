import { useState } from 'react';
import { Navigate, Outlet, useNavigate, useParams } from 'react-router';
import { TenantSwitchDialog } from '../../../features/auth/components/tenant-switch-dialog';
import { useSession } from '../../../lib/session/session-store';
import { signOut } from '../../../lib/session/sign-out';
import { PreferencesDialog } from '../components/preferences-dialog';
import { ServiceVersion } from '../components/service-version';
import { TenantMismatch } from '../components/tenant-mismatch';
import { TopBar } from '../components/top-bar';
import './shell.css';

/** The layout of `/t/:tenantId/*`: top bar, the page, and the service's version at the foot. */
export function Component() {
  const session = useSession();
  const { tenantId } = useParams();
  const navigate = useNavigate();
  const [switching, setSwitching] = useState(false);
  const [preferencesOpen, setPreferencesOpen] = useState(false);

  if (!session) return <Navigate to="/sign-in" replace />;

  function handleSignOut() {
    signOut();
    void navigate('/sign-in', { replace: true });
  }

  function handleSwitched(newTenantId: string) {
    setSwitching(false);
    void navigate(`/t/${encodeURIComponent(newTenantId)}`);
  }

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopBar session={session} onSwitchTenant={() => setSwitching(true)} onPreferences={() => setPreferencesOpen(true)} onSignOut={handleSignOut} />
      <main id="main" className="shell__main" tabIndex={-1}>
        {tenantId === session.tenantId ? (
          <Outlet />
        ) : (
          <TenantMismatch
            sessionTenantId={session.tenantId}
            sessionTenantName={session.tenantName}
            onSwitch={() => setSwitching(true)}
          />
        )}
      </main>
      <footer className="shell__footer">
        <ServiceVersion />
      </footer>
      <PreferencesDialog open={preferencesOpen} onClose={() => setPreferencesOpen(false)} />
      <TenantSwitchDialog open={switching} onClose={() => setSwitching(false)} onSwitched={handleSwitched} />
    </div>
  );
}

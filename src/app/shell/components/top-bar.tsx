import { NavLink } from 'react-router';
import { Button } from '../../../components/button';
import { useStatusSlot } from '../../../components/status-slot';
import type { Session } from '../../../lib/session/session-store';
import { describeTenantType } from '../../../lib/format';
import { InvitesLink } from '../../../features/invites/components/invites-link';

export interface TopBarProps {
  session: Session;
  onSwitchTenant: () => void;
  onPreferences: () => void;
  onSignOut: () => void;
}

export function TopBar({ session, onSwitchTenant, onPreferences, onSignOut }: TopBarProps) {
  const status = useStatusSlot();
  return (
    <header className="topbar">
      <NavLink to={`/t/${encodeURIComponent(session.tenantId)}`} className="topbar__brand" title="Applications of this tenant">
        Looplabel
      </NavLink>
      <div className="topbar__tenant">
        <span className="topbar__tenant-name">{session.tenantName}</span>
        <span className="tag">{describeTenantType(session.tenantType)}</span>
        <Button variant="ghost" onClick={onSwitchTenant}>
          Switch tenant
        </Button>
      </div>
      <nav aria-label="Main" className="topbar__nav">
        <InvitesLink email={session.email} />
      </nav>
      <div className="topbar__user">
        {status && <span className="topbar__status">{status}</span>}
        <span className="topbar__email">{session.email}</span>
        <NavLink to={`/t/${encodeURIComponent(session.tenantId)}/api-keys`} className="topbar__link">
          API keys
        </NavLink>
        <Button variant="ghost" onClick={onPreferences}>
          Preferences
        </Button>
        <Button variant="ghost" onClick={onSignOut}>
          Sign out
        </Button>
      </div>
    </header>
  );
}

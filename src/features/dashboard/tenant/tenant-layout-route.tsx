import { NavLink, Outlet, useParams } from 'react-router';
import { useCallerRole, type CallerRole } from '../shared/caller-role';
import './dashboard.css';

interface TenantLink {
  to: string;
  label: string;
  end?: boolean;
  /** Whether the caller can act on the page; a labeller sees only what they use. */
  shownTo: (role: CallerRole) => boolean;
}

const LINKS: readonly TenantLink[] = [
  { to: '', label: 'Dashboard', end: true, shownTo: () => true },
  { to: 'upload', label: 'Upload', shownTo: (role) => role.managesAny },
  { to: 'gateways', label: 'Gateways', shownTo: (role) => role.managesAny },
  { to: 'people', label: 'People', shownTo: (role) => role.isTenantAdmin },
  { to: 'admin', label: 'Admin', shownTo: (role) => role.isTenantAdmin },
];

/** The tenant's pages under the shell: a compact nav of what the caller can use, then the page. */
export function Component() {
  const tenantId = useParams().tenantId ?? '';
  const role = useCallerRole(tenantId);
  const base = `/t/${encodeURIComponent(tenantId)}`;
  // Until the role is known only the dashboard shows: entries appear rather than vanish.
  const links = LINKS.filter((link) => !role.isPending && link.shownTo(role));
  return (
    <>
      <nav aria-label="Tenant" className="tab-bar">
        {(links.length > 0 ? links : LINKS.slice(0, 1)).map((link) => (
          <NavLink key={link.label} to={link.to ? `${base}/${link.to}` : base} end={link.end} className="tab-bar__link">
            {link.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </>
  );
}

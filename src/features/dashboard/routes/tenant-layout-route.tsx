import { NavLink, Outlet, useParams } from 'react-router';
import '../dashboard.css';

const LINKS = [
  { to: '', label: 'Dashboard', end: true },
  { to: 'upload', label: 'Upload', end: false },
  { to: 'gateways', label: 'Gateways', end: false },
  { to: 'admin', label: 'Admin', end: false },
];

/** The tenant's pages under the shell: a compact nav, then the page. */
export function Component() {
  const tenantId = useParams().tenantId ?? '';
  const base = `/t/${encodeURIComponent(tenantId)}`;
  return (
    <>
      <nav aria-label="Tenant" className="tab-bar">
        {LINKS.map((link) => (
          <NavLink key={link.label} to={link.to ? `${base}/${link.to}` : base} end={link.end} className="tab-bar__link">
            {link.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </>
  );
}

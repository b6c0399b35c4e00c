import { NavLink, Outlet, useParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { Spinner } from '../../../components/spinner';
import { useApplication } from '../../../lib/queries/application';

/** The application's pages: its name, a tab bar, then the page (which has the page's h1). */
export function Component() {
  const { tenantId = '', appId = '' } = useParams();
  const application = useApplication(appId);
  const base = `/t/${encodeURIComponent(tenantId)}/apps/${encodeURIComponent(appId)}`;

  if (application.isPending) return <Spinner label="Loading application…" />;
  if (application.isError) return <Alert>{application.error.message}</Alert>;
  return (
    <>
      <nav aria-label={`Application ${application.data.name}`} className="tab-bar">
        <NavLink to={base} end className="tab-bar__link">
          Overview
        </NavLink>
        <NavLink to={`${base}/detections`} className="tab-bar__link">
          Detections
        </NavLink>
        <NavLink to={`${base}/settings`} className="tab-bar__link">
          Settings
        </NavLink>
      </nav>
      <Outlet />
    </>
  );
}

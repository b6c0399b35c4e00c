import { useQuery } from '@tanstack/react-query';
import { NavLink, Outlet, useParams } from 'react-router';
import { answerRuleOf } from '../../../api/application-types';
import { Alert } from '../../../components/alert';
import { Spinner } from '../../../components/spinner';
import { useApplication } from '../../../lib/queries/application';
import { reviewCountQueryOptions } from '../../../lib/queries/reviews';
import { useCallerRole } from '../shared/caller-role';

/** The Review tab, for managers of a type people answer: with the number of disagreements waiting. */
function ReviewLink({ base, appId }: { base: string; appId: string }) {
  const waiting = useQuery(reviewCountQueryOptions(appId));
  return (
    <NavLink to={`${base}/review`} className="tab-bar__link">
      Review{waiting.data ? <span className="tab-bar__count">{waiting.data}</span> : null}
    </NavLink>
  );
}

/** The application's pages: its name, a tab bar, then the page (which has the page's h1). */
export function Component() {
  const { tenantId = '', appId = '' } = useParams();
  const application = useApplication(appId);
  const role = useCallerRole(tenantId);
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
        {answerRuleOf(application.data.type) && role.canManage(application.data) && <ReviewLink base={base} appId={appId} />}
        <NavLink to={`${base}/settings`} className="tab-bar__link">
          Settings
        </NavLink>
      </nav>
      <Outlet />
    </>
  );
}

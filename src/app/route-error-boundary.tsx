import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Alert } from '../components/alert';
import { Button } from '../components/button';
import { PageHeader } from '../components/page-header';

function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.status === 404 ? 'This page does not exist.' : error.statusText;
  if (error instanceof TypeError && /dynamically imported module|Importing a module script/i.test(error.message)) {
    return 'A part of the app could not be loaded, perhaps because a new version was released. Reload the page.';
  }
  return error instanceof Error ? error.message : 'Something went wrong.';
}

/** Each route's fallback: the rest of the app stays usable when one page fails. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  return (
    <div className="route-error" role="region" aria-label="Error">
      <PageHeader title="Something went wrong" />
      <Alert>{describeRouteError(error)}</Alert>
      <div className="form-actions route-error__actions">
        <Link to="/">Go to the start</Link>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    </div>
  );
}

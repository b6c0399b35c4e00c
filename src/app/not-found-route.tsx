import { Link } from 'react-router';
import { PageHeader } from '../components/page-header';

export function NotFoundRoute() {
  return (
    <main className="route-error">
      <PageHeader title="Page not found" description="There is nothing at this address." />
      <Link to="/">Go to the start</Link>
    </main>
  );
}

import { Navigate } from 'react-router';
import { useSession } from '../lib/session/session-store';

export function HomeRedirect() {
  const session = useSession();
  return <Navigate to={session ? `/t/${encodeURIComponent(session.tenantId)}` : '/sign-in'} replace />;
}

import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../../lib/session/session-store';

interface RedirectState {
  from?: string;
}

/** Layout route: signed-out visitors go to sign-in, which brings them back here afterwards. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const state: RedirectState = { from: location.pathname + location.search + location.hash };
    return <Navigate to="/sign-in" replace state={state} />;
  }
  return <Outlet />;
}

/** Where to go after signing in: back where the person was headed, else their tenant's home. */
export function destinationAfterSignIn(state: unknown, tenantId: string): string {
  const from = (state as RedirectState | null)?.from;
  return from && from.startsWith('/t/') ? from : `/t/${encodeURIComponent(tenantId)}`;
}

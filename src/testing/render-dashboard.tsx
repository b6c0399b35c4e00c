import type { TenantUser } from '../api/schemas/identity';
import { installAuthBridge } from '../lib/session/reauth';
import { useSessionStore } from '../lib/session/session-store';
import { queryClient } from '../lib/query-client';
import { renderRoutes } from './render-routes';

export const TENANT_ID = 't-acme';

/** Renders the whole app at a path, signed in as `user` in the Acme tenant, with a fresh cache. */
export function renderSignedIn(path: string, user: TenantUser) {
  queryClient.clear();
  installAuthBridge();
  useSessionStore.setState({
    session: {
      token: `token|${user.email}|${TENANT_ID}`,
      expiresAt: Date.now() + 3_600_000,
      userId: user.user_id,
      email: user.email,
      tenantId: TENANT_ID,
      tenantName: 'Acme Vision',
      tenantType: 'orgtenant',
    },
  });
  return renderRoutes(path);
}

import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TenantUser } from '../api/schemas/identity';
import { routes } from '../app/routes';
import { installAuthBridge } from '../lib/session/reauth';
import { useSessionStore } from '../lib/session/session-store';
import { queryClient } from '../lib/query-client';

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
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

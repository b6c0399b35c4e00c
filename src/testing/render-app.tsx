import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../app/routes';
import { installAuthBridge } from '../lib/session/reauth';
import { signOut } from '../lib/session/sign-out';
import { queryClient } from '../lib/query-client';

/** Renders the whole app at a path, as main.tsx would, with a fresh session and cache. */
export function renderApp(path: string) {
  signOut();
  installAuthBridge();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

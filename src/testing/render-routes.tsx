import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { AppRoutes } from '../app/routes';
import { queryClient } from '../lib/query-client';

/** Renders the app's pages at `path`, as main.tsx would; `location()` tells where the app is now. */
export function renderRoutes(path: string) {
  const shown: { location: Location | null } = { location: null };
  function LocationProbe() {
    const location = useLocation();
    useLayoutEffect(() => {
      shown.location = location;
    });
    return null;
  }
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return {
    location(): Location {
      if (!shown.location) throw new Error('the app has not rendered');
      return shown.location;
    },
  };
}

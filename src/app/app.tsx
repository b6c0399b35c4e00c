import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { queryClient } from '../lib/query-client';
import { AppRoutes } from './routes';

// React Router's declarative mode: its data router (loaders, actions, fetchers), which the app does not use, would
// add about 17 KB gzip to every page's code.
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}

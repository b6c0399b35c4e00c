import { QueryClient } from '@tanstack/react-query';
import { isRetryable } from '../api/errors';

const MAX_RETRIES = 2;

/** Server state only. A 4xx will not change on its own, so only transient failures are retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => failureCount < MAX_RETRIES && isRetryable(error),
    },
    mutations: { retry: false },
  },
});

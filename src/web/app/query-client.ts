import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/** A 4xx will not change by asking again; network failures and 5xx get two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: shouldRetry,
        // Mobile data is costly: no refetch just because the tab came back into view.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

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
        // A failed answer is shown as it is (a film that does not exist, or the error screen with its Retry
        // button), not asked again because another part of the page mounts. A page drawn on the server relies on
        // it: the server drew the failure, so the browser's first render must show the same (entry-server.tsx).
        retryOnMount: false,
      },
      mutations: { retry: false },
    },
  });
}

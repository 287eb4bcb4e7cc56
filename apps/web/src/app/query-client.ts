import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';

/** Retries only what may pass on a second try: network failures and 5xx, at most twice. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => failureCount < 2 && (!isApiError(error) || error.status === 0 || error.status >= 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

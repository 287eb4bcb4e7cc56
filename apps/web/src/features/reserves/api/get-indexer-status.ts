import { queryOptions, useQuery } from '@tanstack/react-query';
import { healthResponse, type HealthResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /health/ready: the transfer watcher's status is in its details (null where no watcher runs in the answering process). */
function getIndexerHealth({ signal }: { signal?: AbortSignal } = {}): Promise<HealthResponse> {
  return api.get('/health/ready', { schema: healthResponse, signal });
}

export function useIndexerStatus() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.reserves.indexer,
      queryFn: ({ signal }) => getIndexerHealth({ signal }),
      staleTime: 0,
      // Lag and errors change without any event the console hears of.
      refetchInterval: 15_000,
    }),
  );
}

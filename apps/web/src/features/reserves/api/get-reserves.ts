import { queryOptions, useQuery } from '@tanstack/react-query';
import { reservesResponse, type ReservesResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/reserves: tokens outstanding read on chain now against the vault's grams; the last good reading when the chain is down. */
function getReserves({ signal }: { signal?: AbortSignal } = {}): Promise<ReservesResponse> {
  return api.get('/admin/reserves', { schema: reservesResponse, signal });
}

function reservesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.reserves.current,
    queryFn: ({ signal }) => getReserves({ signal }),
    staleTime: 0,
    // Live updates refresh it when the vault or the supply changes; this catches a chain node coming back.
    refetchInterval: 60_000,
  });
}

export function useReserves() {
  return useQuery(reservesQueryOptions());
}

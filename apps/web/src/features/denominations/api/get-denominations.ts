import { queryOptions, useQuery } from '@tanstack/react-query';
import { denominationListResponse, type DenominationListResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { denominationsQueryKey } from './query-keys';

/** GET /admin/denoms: every denomination with its stock, redeemed, reserved and available pieces (counted by the server). */
export function getDenominations({ signal }: { signal?: AbortSignal } = {}): Promise<DenominationListResponse> {
  return api.get('/admin/denoms', { schema: denominationListResponse, signal });
}

export function denominationsQueryOptions() {
  return queryOptions({
    queryKey: denominationsQueryKey,
    queryFn: ({ signal }) => getDenominations({ signal }),
    // Stock moves with every approval at the counter: ask again whenever the page opens.
    staleTime: 0,
  });
}

export function useDenominations() {
  return useQuery(denominationsQueryOptions());
}

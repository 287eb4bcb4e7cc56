import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { redemptionListResponse, type RedemptionListQuery, type RedemptionListResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { redemptionListQueryKey } from './query-keys';

/** GET /admin/list/redeems: one page of redemptions, sorted and filtered by status on the server. */
export function getRedemptions(query: RedemptionListQuery, { signal }: { signal?: AbortSignal } = {}): Promise<RedemptionListResponse> {
  return api.get('/admin/list/redeems', { query, schema: redemptionListResponse, signal });
}

export function redemptionsQueryOptions(query: RedemptionListQuery) {
  return queryOptions({
    queryKey: [...redemptionListQueryKey, query],
    queryFn: ({ signal }) => getRedemptions(query, { signal }),
    // The rows of the page shown stay while the next page loads.
    placeholderData: keepPreviousData,
  });
}

export function useRedemptions(query: RedemptionListQuery) {
  return useQuery(redemptionsQueryOptions(query));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { redemptionDetail, type RedemptionDetail } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/redeem/{id}: the redemption with its customer, pieces, one-time-code state and the actions allowed now. */
function getRedemption(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<RedemptionDetail> {
  return api.get(`/admin/redeem/${id}`, { schema: redemptionDetail, signal });
}

function redemptionQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.redemptions.detail(id),
    queryFn: ({ signal }) => getRedemption(id, { signal }),
    // The code state and the allowed actions change with time and other admins: always ask on opening the page.
    staleTime: 0,
  });
}

export function useRedemption(id: number) {
  return useQuery(redemptionQueryOptions(id));
}

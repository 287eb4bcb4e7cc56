import { queryOptions, useQuery } from '@tanstack/react-query';
import { redemptionHistoryResponse, type RedemptionHistoryResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/redeem/{id}/history: the redemption's audit log, oldest first. */
function getRedemptionHistory(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<RedemptionHistoryResponse> {
  return api.get(`/admin/redeem/${id}/history`, { schema: redemptionHistoryResponse, signal });
}

function redemptionHistoryQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.redemptions.history(id),
    queryFn: ({ signal }) => getRedemptionHistory(id, { signal }),
    staleTime: 0,
  });
}

export function useRedemptionHistory(id: number) {
  return useQuery(redemptionHistoryQueryOptions(id));
}

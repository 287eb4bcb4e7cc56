import { useQuery } from '@tanstack/react-query';
import { redemptionSettlement } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/redeem/{id}/settlement: the escrow that holds the redemption's tokens and what was signed for it. */
export function useRedemptionSettlement(id: number) {
  return useQuery({
    queryKey: queryKeys.settlement.redemption(id),
    queryFn: ({ signal }) => api.get(`/admin/redeem/${id}/settlement`, { schema: redemptionSettlement, signal }),
  });
}

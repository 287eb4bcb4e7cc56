import { queryOptions, useQuery } from '@tanstack/react-query';
import { handOverReceipt, type HandOverReceipt } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/redeem/{id}/receipt: what the hand-over receipt prints; 409 unless the redemption is REDEEMED. */
function getReceipt(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<HandOverReceipt> {
  return api.get(`/admin/redeem/${id}/receipt`, { schema: handOverReceipt, signal });
}

export function useHandOverReceipt(id: number) {
  return useQuery(
    queryOptions({ queryKey: queryKeys.redemptions.receipt(id), queryFn: ({ signal }) => getReceipt(id, { signal }), retry: false }),
  );
}

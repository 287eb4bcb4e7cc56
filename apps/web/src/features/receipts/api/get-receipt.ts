import { queryOptions, useQuery } from '@tanstack/react-query';
import { handOverReceipt, type HandOverReceipt } from '@gold/contract';
import { api } from '@/lib/api-client';

/** Under the redemptions' key (['redemptions', ...]): a status change refreshes it with them. */
const receiptQueryKey = (id: number) => ['redemptions', 'receipt', id] as const;

/** GET /admin/redeem/{id}/receipt: what the hand-over receipt prints; 409 unless the redemption is REDEEMED. */
function getReceipt(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<HandOverReceipt> {
  return api.get(`/admin/redeem/${id}/receipt`, { schema: handOverReceipt, signal });
}

export function useHandOverReceipt(id: number) {
  return useQuery(queryOptions({ queryKey: receiptQueryKey(id), queryFn: ({ signal }) => getReceipt(id, { signal }), retry: false }));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { purchaseCountResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/count/order: the spec reads `data[0].totalOrder`. */
async function getPurchaseCount({ signal }: { signal?: AbortSignal } = {}): Promise<number> {
  const { data } = await api.get('/admin/count/order', { schema: purchaseCountResponse, signal });
  return data[0]?.totalOrder ?? 0;
}

function purchaseCountQueryOptions() {
  return queryOptions({ queryKey: queryKeys.purchases.count, queryFn: ({ signal }) => getPurchaseCount({ signal }) });
}

export function usePurchaseCount() {
  return useQuery(purchaseCountQueryOptions());
}

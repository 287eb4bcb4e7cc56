import { queryOptions, useQuery } from '@tanstack/react-query';
import { purchaseCountResponse } from '@gold/contract';
import { api } from '@/lib/api-client';

/** GET /admin/count/order: the spec reads `data[0].totalOrder`. */
async function getOrderCount({ signal }: { signal?: AbortSignal } = {}): Promise<number> {
  const { data } = await api.get('/admin/count/order', { schema: purchaseCountResponse, signal });
  return data[0]?.totalOrder ?? 0;
}

const orderCountQueryKey = ['orders', 'count'] as const;

function orderCountQueryOptions() {
  return queryOptions({ queryKey: orderCountQueryKey, queryFn: ({ signal }) => getOrderCount({ signal }) });
}

export function useOrderCount() {
  return useQuery(orderCountQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { priceResponse, type PriceResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /price: the latest price in whole rupiah per {product}; `harga_jual` is the selling price. */
function getPrice({ signal }: { signal?: AbortSignal } = {}): Promise<PriceResponse> {
  return api.get('/price', { schema: priceResponse, signal });
}

function priceQueryOptions() {
  // Read again every minute, so a price that ages past the stale limit is flagged without a reload.
  return queryOptions({ queryKey: queryKeys.prices.latest, queryFn: ({ signal }) => getPrice({ signal }), refetchInterval: 60_000 });
}

export function usePrice() {
  return useQuery(priceQueryOptions());
}

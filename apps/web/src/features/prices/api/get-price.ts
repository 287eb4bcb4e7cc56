import { queryOptions, useQuery } from '@tanstack/react-query';
import { priceResponse, type PriceResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /price: the latest price in whole rupiah per {product}; `harga_jual` is the selling price. */
function getPrice({ signal }: { signal?: AbortSignal } = {}): Promise<PriceResponse> {
  return api.get('/price', { schema: priceResponse, signal });
}

function priceQueryOptions() {
  return queryOptions({ queryKey: queryKeys.prices.latest, queryFn: ({ signal }) => getPrice({ signal }) });
}

export function usePrice() {
  return useQuery(priceQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { priceHistoryResponse, type PriceHistoryResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/price/history?days=N: one point per WIB day (the last price of the day), oldest first. */
function getPriceHistory(days: number, { signal }: { signal?: AbortSignal } = {}): Promise<PriceHistoryResponse> {
  return api.get('/admin/price/history', { query: { days }, schema: priceHistoryResponse, signal });
}

function priceHistoryQueryOptions(days: number) {
  return queryOptions({ queryKey: queryKeys.prices.history(days), queryFn: ({ signal }) => getPriceHistory(days, { signal }) });
}

export function usePriceHistory(days: number) {
  return useQuery(priceHistoryQueryOptions(days));
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { orderListResponse, type OrderListQuery, type OrderRow, type Page } from '@gold/contract';
import { api } from '@/lib/api-client';

/** A purchase as the list shows it: `no` is its place in the whole list (the spec's No column). */
export type NumberedOrder = OrderRow & { no: number };

/** GET /admin/list/order: one page of purchases, newest first by default, searched by buyer on the server. */
export async function getOrders(
  query: OrderListQuery & { limit: number; page: number },
  { signal }: { signal?: AbortSignal } = {},
): Promise<Page<NumberedOrder>> {
  const page = await api.get('/admin/list/order', { query, schema: orderListResponse, signal });
  const first = query.page * query.limit + 1;
  return { ...page, data: page.data.map((row, index) => ({ ...row, no: first + index })) };
}

export const ordersQueryKey = ['orders', 'list'] as const;

export function ordersQueryOptions(query: OrderListQuery & { limit: number; page: number }) {
  return queryOptions({
    queryKey: [...ordersQueryKey, query],
    queryFn: ({ signal }) => getOrders(query, { signal }),
    // The rows of the page shown stay while the next page loads.
    placeholderData: keepPreviousData,
  });
}

export function useOrders(query: OrderListQuery & { limit: number; page: number }) {
  return useQuery(ordersQueryOptions(query));
}

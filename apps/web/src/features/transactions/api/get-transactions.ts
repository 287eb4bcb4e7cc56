import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { transactionListResponse, type Page, type Transaction, type TransactionListQuery } from '@gold/contract';
import { api } from '@/lib/api-client';

/** A transaction as the list shows it: `no` is its place in the whole list (the spec's No column). */
export type NumberedTransaction = Transaction & { no: number };

/** GET /admin/list/transactions: one page, newest first by default, searched and filtered on the server. */
export async function getTransactions(
  query: TransactionListQuery & { limit: number; page: number },
  { signal }: { signal?: AbortSignal } = {},
): Promise<Page<NumberedTransaction>> {
  const page = await api.get('/admin/list/transactions', { query, schema: transactionListResponse, signal });
  const first = query.page * query.limit + 1;
  return { ...page, data: page.data.map((row, index) => ({ ...row, no: first + index })) };
}

export const transactionsQueryKey = ['transactions', 'list'] as const;

export function transactionsQueryOptions(query: TransactionListQuery & { limit: number; page: number }) {
  return queryOptions({
    queryKey: [...transactionsQueryKey, query],
    queryFn: ({ signal }) => getTransactions(query, { signal }),
    // The rows of the page shown stay while the next page loads.
    placeholderData: keepPreviousData,
  });
}

export function useTransactions(query: TransactionListQuery & { limit: number; page: number }) {
  return useQuery(transactionsQueryOptions(query));
}

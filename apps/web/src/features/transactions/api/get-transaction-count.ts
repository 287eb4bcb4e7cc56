import { queryOptions, useQuery } from '@tanstack/react-query';
import { countResponse, type CountResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/count/transactions: 'Transactions Made'. */
function getTransactionCount({ signal }: { signal?: AbortSignal } = {}): Promise<CountResponse> {
  return api.get('/admin/count/transactions', { schema: countResponse, signal });
}

function transactionCountQueryOptions() {
  return queryOptions({ queryKey: queryKeys.transactions.count, queryFn: ({ signal }) => getTransactionCount({ signal }) });
}

export function useTransactionCount() {
  return useQuery(transactionCountQueryOptions());
}

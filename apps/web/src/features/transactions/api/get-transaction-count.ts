import { queryOptions, useQuery } from '@tanstack/react-query';
import { countResponse, type CountResponse } from '@gold/contract';
import { api } from '@/lib/api-client';

/** GET /admin/count/transactions: 'Transactions Made'. */
function getTransactionCount({ signal }: { signal?: AbortSignal } = {}): Promise<CountResponse> {
  return api.get('/admin/count/transactions', { schema: countResponse, signal });
}

const transactionCountQueryKey = ['transactions', 'count'] as const;

function transactionCountQueryOptions() {
  return queryOptions({ queryKey: transactionCountQueryKey, queryFn: ({ signal }) => getTransactionCount({ signal }) });
}

export function useTransactionCount() {
  return useQuery(transactionCountQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { transactionDetailResponse, type TransactionDetail } from '@gold/contract';
import { api, ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/transaction/detail/{id}: the spec reads `data[0]`. */
async function getTransaction(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<TransactionDetail> {
  const { data } = await api.get(`/admin/transaction/detail/${id}`, { schema: transactionDetailResponse, signal });
  const [transaction] = data;
  if (!transaction) throw new ApiError(404, `Transaction ${id} not found`);
  return transaction;
}

function transactionQueryOptions(id: number) {
  return queryOptions({ queryKey: queryKeys.transactions.detail(id), queryFn: ({ signal }) => getTransaction(id, { signal }) });
}

/** Asks nothing for an id that cannot exist (null). */
export function useTransaction(id: number | null) {
  return useQuery({ ...transactionQueryOptions(id ?? 0), enabled: id !== null });
}

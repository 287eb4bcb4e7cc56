import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chainTransaction, type ChainTransaction } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /admin/settlement/transactions/{id}/retry: a failed transaction queued again as a new one. */
export function useRetryChainTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number): Promise<ChainTransaction> =>
      api.post(`/admin/settlement/transactions/${id}/retry`, undefined, { schema: chainTransaction }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.settlement.all }),
  });
}

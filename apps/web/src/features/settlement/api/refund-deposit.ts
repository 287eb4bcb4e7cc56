import { useMutation, useQueryClient } from '@tanstack/react-query';
import { escrowDeposit, type EscrowDeposit } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /admin/settlement/deposits/{id}/refund: the refund to the wallet it came from is queued for the signer. */
export function useRefundDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number): Promise<EscrowDeposit> =>
      api.post(`/admin/settlement/deposits/${id}/refund`, undefined, { schema: escrowDeposit }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.settlement.all }),
  });
}

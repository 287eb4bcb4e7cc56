import { useMutation, useQueryClient } from '@tanstack/react-query';
import { identityCheckResponse, type IdentityCheckBody, type RedemptionDetail } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /admin/redeem/{id}/identity-check: the document the teller looked at (type, last 4); approve needs one. */
function recordIdentityCheck({ id, ...body }: IdentityCheckBody & { id: number }): Promise<RedemptionDetail> {
  return api.post(`/admin/redeem/${id}/identity-check`, body, { schema: identityCheckResponse });
}

export function useRecordIdentityCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordIdentityCheck,
    onSuccess: (redemption) => queryClient.setQueryData(queryKeys.redemptions.detail(redemption.id), redemption),
    // The answer (or a refusal) changes what the page offers: the redemption and its history are asked again.
    onSettled: (_answer, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.redemptions.detail(id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.redemptions.history(id) }),
      ]),
  });
}

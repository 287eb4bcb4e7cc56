import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setRedemptionLimitResponse, type RedemptionLimitRecord, type SetRedemptionLimitBody } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /admin/redemption/limit/set: a new limit (one of 5, 10, 25, 100, 250, 500, 1000 grams), recorded with who set it. */
function setRedemptionLimit(body: SetRedemptionLimitBody): Promise<RedemptionLimitRecord> {
  return api.post('/admin/redemption/limit/set', body, { schema: setRedemptionLimitResponse });
}

export function useSetRedemptionLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRedemptionLimit,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.redemptionLimits.all }),
  });
}

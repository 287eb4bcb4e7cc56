import { useMutation, useQueryClient } from '@tanstack/react-query';
import { redemptionActionResponse, type RedemptionDetail, type RedemptionIdBody } from '@gold/contract';
import { api } from '@/lib/api-client';
import { statusChangeCallbacks } from './refresh-after-change';

/** POST /admin/redeem/reset: REJECTED or ON_WEB2 -> REQUESTED (reason and code cleared). */
function resetRedemption(body: RedemptionIdBody): Promise<RedemptionDetail> {
  return api.post('/admin/redeem/reset', body, { schema: redemptionActionResponse });
}

export function useResetRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetRedemption,
    ...statusChangeCallbacks(queryClient),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { redemptionActionResponse, type RedemptionDetail, type RedemptionIdBody } from '@gold/contract';
import { api } from '@/lib/api-client';
import { statusChangeCallbacks } from './refresh-after-change';

/** POST /admin/redeem/prepare (the list's "approve"): PREPARATION -> ON_WEB2, handed over through the off-platform channel; vault stock untouched. */
function prepareRedemption(body: RedemptionIdBody): Promise<RedemptionDetail> {
  return api.post('/admin/redeem/prepare', body, { schema: redemptionActionResponse });
}

export function usePrepareRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: prepareRedemption,
    ...statusChangeCallbacks(queryClient),
  });
}

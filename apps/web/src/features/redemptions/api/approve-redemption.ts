import { useMutation, useQueryClient } from '@tanstack/react-query';
import { redemptionActionResponse, type RedemptionDetail, type RedemptionIdBody } from '@gold/contract';
import { api } from '@/lib/api-client';
import { statusChangeCallbacks } from './refresh-after-change';

/** POST /admin/redeem/approve: REQUESTED or PREPARATION with a code checked in the last 10 minutes -> REDEEMED; the pieces leave vault stock. */
function approveRedemption(body: RedemptionIdBody): Promise<RedemptionDetail> {
  return api.post('/admin/redeem/approve', body, { schema: redemptionActionResponse });
}

export function useApproveRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveRedemption,
    ...statusChangeCallbacks(queryClient),
  });
}

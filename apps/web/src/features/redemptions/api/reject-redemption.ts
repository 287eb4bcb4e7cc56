import { useMutation, useQueryClient } from '@tanstack/react-query';
import { redemptionActionResponse, type RedemptionDetail, type RejectRedemptionBody } from '@gold/contract';
import { api } from '@/lib/api-client';
import { statusChangeCallbacks } from './refresh-after-change';

/** The reason the Redemption List sends (spec section 4). */
export const LIST_REJECT_REASON = 'none';

/** POST /admin/redeem/reject: REQUESTED or PREPARATION -> REJECTED with a reason. */
function rejectRedemption(body: RejectRedemptionBody): Promise<RedemptionDetail> {
  return api.post('/admin/redeem/reject', body, { schema: redemptionActionResponse });
}

export function useRejectRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectRedemption,
    ...statusChangeCallbacks(queryClient),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  confirmationResponse,
  redemptionActionResponse,
  type Confirmation,
  type RedemptionDetail,
  type RedemptionIdBody,
} from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { statusChangeCallbacks } from './refresh-after-change';

/**
 * What approve answers: the redemption, REDEEMED (200), or, for a hand-over above the
 * confirmation threshold, the pending confirmation (202): nothing left the vault yet.
 */
type ApproveOutcome = { handedOver: RedemptionDetail } | { waiting: Confirmation };

const approveAnswer = z.union([confirmationResponse, redemptionActionResponse]);

/** POST /admin/redeem/approve: PREPARATION with a checked code, an identity check and eKYC verified -> REDEEMED (or waits for a second admin). */
async function approveRedemption(body: RedemptionIdBody): Promise<ApproveOutcome> {
  const answer = await api.post('/admin/redeem/approve', body, { schema: approveAnswer });
  return 'kind' in answer ? { waiting: answer } : { handedOver: answer };
}

export function useApproveRedemption() {
  const queryClient = useQueryClient();
  const callbacks = statusChangeCallbacks(queryClient);
  return useMutation({
    mutationFn: approveRedemption,
    onSuccess: async (outcome, { id }) => {
      if ('handedOver' in outcome) return callbacks.onSuccess(outcome.handedOver);
      // Waiting: the redemption now shows its pending confirmation; the Confirmations list has one more.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.redemptions.detail(id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.redemptions.history(id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.confirmations.all }),
      ]);
    },
    onError: callbacks.onError,
  });
}

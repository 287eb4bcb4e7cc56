import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendOtpResponse, type RedemptionIdBody, type SendOtpResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /admin/redeem/sendotp: e-mails a new one-time code to the customer (at most one a minute); an earlier check no longer counts. */
function sendOtp(body: RedemptionIdBody): Promise<SendOtpResponse> {
  return api.post('/admin/redeem/sendotp', body, { schema: sendOtpResponse });
}

export function useSendOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendOtp,
    onSuccess: (_answer, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.redemptions.detail(id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.redemptions.history(id) }),
      ]),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkOtpResponse, type CheckOtpBody, type CheckOtpResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /admin/redeem/checkotp: the code the customer shows; right, approve is allowed for 10 minutes (server-side). */
function checkOtp(body: CheckOtpBody): Promise<CheckOtpResponse> {
  return api.post('/admin/redeem/checkotp', body, { schema: checkOtpResponse });
}

export function useCheckOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkOtp,
    // A wrong code also changes the state (tries left), so the redemption is asked again either way.
    onSettled: (_answer, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.redemptions.detail(id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.redemptions.history(id) }),
      ]),
  });
}

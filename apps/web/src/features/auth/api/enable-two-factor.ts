import { useMutation } from '@tanstack/react-query';
import { recoveryCodesResponse, type RecoveryCodesResponse, type TwoFactorEnableBody } from '@gold/contract';
import { api } from '@/lib/api-client';

/** POST /account/two-factor/enable (Profile): confirms enrolment with a code; ten recovery codes, shown once. */
function enableTwoFactor(body: TwoFactorEnableBody): Promise<RecoveryCodesResponse> {
  return api.post('/account/two-factor/enable', body, { schema: recoveryCodesResponse });
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}

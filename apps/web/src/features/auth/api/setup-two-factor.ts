import { useMutation } from '@tanstack/react-query';
import { twoFactorSetupResponse, type TwoFactorSetupResponse } from '@gold/contract';
import { api } from '@/lib/api-client';

/** POST /account/two-factor/setup (Profile): a new secret and QR code; not active until confirmed with a code. */
function setUpTwoFactor(): Promise<TwoFactorSetupResponse> {
  return api.post('/account/two-factor/setup', undefined, { schema: twoFactorSetupResponse });
}

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: setUpTwoFactor });
}

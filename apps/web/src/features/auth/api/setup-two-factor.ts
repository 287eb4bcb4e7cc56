import { useMutation } from '@tanstack/react-query';
import { twoFactorSetupResponse, type Reauthentication, type TwoFactorSetupResponse } from '@gold/contract';
import { api } from '@/lib/api-client';

/** POST /account/two-factor/setup (Profile), with the password: a new secret and QR code; not active until confirmed with a code. */
function setUpTwoFactor(reauth: Reauthentication): Promise<TwoFactorSetupResponse> {
  return api.post('/account/two-factor/setup', { reauth }, { schema: twoFactorSetupResponse });
}

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: setUpTwoFactor });
}

import { useMutation } from '@tanstack/react-query';
import type { LoginTwoFactorBody, SignInSessionResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { loadContract } from '../lib/load-contract';

/**
 * POST /admin/login/two-factor: the second step's token and a code from the app (or a recovery
 * code); sets the session cookie. 401: 'Invalid code', or the step expired or was used.
 */
async function loginWithSecondFactor(body: LoginTwoFactorBody): Promise<SignInSessionResponse> {
  const [{ signInSessionResponse }, answer] = await Promise.all([
    loadContract(),
    api.post('/admin/login/two-factor', body, { redirectOnUnauthorized: false }),
  ]);
  return signInSessionResponse.parse(answer);
}

export function useLoginTwoFactor() {
  return useMutation({ mutationFn: loginWithSecondFactor });
}

import { useMutation } from '@tanstack/react-query';
import type { LoginTwoFactorSetupBody, TwoFactorSetupResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { loadContract } from '../lib/load-contract';

/** POST /admin/login/two-factor/setup: enrolment forced at sign-in; the secret and QR code to scan. */
async function setUpTwoFactorAtSignIn(body: LoginTwoFactorSetupBody): Promise<TwoFactorSetupResponse> {
  const [{ twoFactorSetupResponse }, answer] = await Promise.all([
    loadContract(),
    api.post('/admin/login/two-factor/setup', body, { redirectOnUnauthorized: false }),
  ]);
  return twoFactorSetupResponse.parse(answer);
}

export function useLoginTwoFactorSetup() {
  return useMutation({ mutationFn: setUpTwoFactorAtSignIn });
}

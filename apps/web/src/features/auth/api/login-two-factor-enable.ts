import { useMutation } from '@tanstack/react-query';
import type { LoginTwoFactorEnableBody, LoginTwoFactorEnableResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { loadContract } from '../lib/load-contract';

/** POST /admin/login/two-factor/enable: completes forced enrolment; the session cookie and the recovery codes (shown once). */
async function enableTwoFactorAtSignIn(body: LoginTwoFactorEnableBody): Promise<LoginTwoFactorEnableResponse> {
  const [{ loginTwoFactorEnableResponse }, answer] = await Promise.all([
    loadContract(),
    api.post('/admin/login/two-factor/enable', body, { redirectOnUnauthorized: false }),
  ]);
  return loginTwoFactorEnableResponse.parse(answer);
}

export function useLoginTwoFactorEnable() {
  return useMutation({ mutationFn: enableTwoFactorAtSignIn });
}

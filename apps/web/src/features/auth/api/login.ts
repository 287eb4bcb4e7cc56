import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResponse, TwoFactorChallenge } from '@gold/contract';
import { api } from '@/lib/api-client';
import { loadContract } from '../lib/load-contract';
import { useStartSession, type SessionStarted } from './start-session';

/**
 * POST /admin/login: sets the session cookie, or, when the admin has two-factor sign-in (or must
 * enrol), answers a short-lived token for the second step instead. A 401 here means wrong
 * credentials, not an expired session.
 */
async function loginWithEmailAndPassword(body: LoginBody): Promise<LoginResponse> {
  const [{ loginResponse }, answer] = await Promise.all([
    loadContract(),
    api.post('/admin/login', body, { redirectOnUnauthorized: false }),
  ]);
  return loginResponse.parse(answer);
}

const isChallenge = (answer: LoginResponse): answer is TwoFactorChallenge => 'twoFactor' in answer;

export function useLogin({
  onSuccess,
  onChallenge,
}: { onSuccess?: SessionStarted; onChallenge?: (challenge: TwoFactorChallenge) => void } = {}) {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: loginWithEmailAndPassword,
    onSuccess: (answer) => {
      if (isChallenge(answer)) onChallenge?.(answer);
      else startSession(answer, onSuccess);
    },
  });
}

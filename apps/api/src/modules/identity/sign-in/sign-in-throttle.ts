import type { Database } from '../../../db/client';
import { tooManyRequests } from '../../../lib/http-errors';
import { lockSignInKeys, recentFailuresForAddress, recentFailuresForEmail, reserveSignInAttempt } from './sign-in-attempts.repository';

/** Throttling limits (decisions.md): per account and per address, over a sliding window. */
const signInThrottle = { windowMinutes: 15, maxFailuresPerEmail: 5, maxFailuresPerAddress: 20 } as const;

/**
 * Counts the failures and reserves this attempt in one transaction holding the e-mail's and
 * the address's locks, so however many attempts arrive at once, at most the limit of them
 * get past this point (attempts being checked count as failures). The password check itself
 * runs after the locks are released.
 */
export async function reserveAttempt(db: Database, email: string, ipAddress: string): Promise<number> {
  const { windowMinutes, maxFailuresPerEmail, maxFailuresPerAddress } = signInThrottle;
  const outcome = await db.transaction(async (tx) => {
    await lockSignInKeys(tx, email, ipAddress);
    const byEmail = await recentFailuresForEmail(tx, email, windowMinutes);
    const byAddress = await recentFailuresForAddress(tx, ipAddress, windowMinutes);
    if (byEmail.failures >= maxFailuresPerEmail || byAddress.failures >= maxFailuresPerAddress) {
      const retryAfterSeconds = Math.max(
        byEmail.failures >= maxFailuresPerEmail ? byEmail.retryAfterSeconds : 0,
        byAddress.failures >= maxFailuresPerAddress ? byAddress.retryAfterSeconds : 0,
      );
      return { throttled: true as const, retryAfterSeconds };
    }
    return { throttled: false as const, attemptId: await reserveSignInAttempt(tx, { email, ipAddress }) };
  });
  if (outcome.throttled) {
    const retryAfter = outcome.retryAfterSeconds;
    throw tooManyRequests(`Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minute(s).`, retryAfter);
  }
  return outcome.attemptId;
}

import type { Database, Executor } from '../../../db/client';
import { tooManyRequests } from '../../../lib/http-errors';
import { recordAudit } from '../../audit/audit.repository';
import {
  lockSignInKeys,
  recentFailuresForAddress,
  recentFailuresForEmail,
  recentFailuresForPair,
  reserveSignInAttempt,
} from './sign-in-attempts.repository';

/**
 * Throttling limits (decisions.md), over a sliding window:
 * - per (account, address): a few free failures, then a delay that doubles after each further one;
 * - per address, whatever the account: a fixed number of failures;
 * - per account: past its limit only addresses without a failure for that account get a try, so
 *   guessing from many addresses is slowed but nobody can lock the admin out from elsewhere.
 */
const signInThrottle = {
  windowMinutes: 15,
  freeFailuresPerPair: 3,
  firstDelaySeconds: 30,
  maxFailuresPerAccount: 10,
  maxFailuresPerAddress: 20,
} as const;

/** Seconds an (account, address) pair must wait after its latest failure, given its failures. */
function pairDelaySeconds(failures: number): number {
  const { freeFailuresPerPair, firstDelaySeconds, windowMinutes } = signInThrottle;
  if (failures < freeFailuresPerPair) return 0;
  return Math.min(firstDelaySeconds * 2 ** (failures - freeFailuresPerPair), windowMinutes * 60);
}

/** Which limit this attempt reaches if it fails: its failure is a locking event, audited once. */
type LockScope = 'account-address' | 'account' | 'address';

export interface ReservedAttempt {
  attemptId: number;
  /** The limits this attempt's failure reaches. */
  locks: LockScope[];
}

/**
 * Counts the failures and reserves this attempt in one transaction holding the e-mail's and
 * the address's locks, so however many attempts arrive at once, only those the limits allow
 * get past this point (attempts being checked count as failures). The password check itself
 * runs after the locks are released.
 */
export async function reserveAttempt(db: Database, email: string, ipAddress: string): Promise<ReservedAttempt> {
  const { windowMinutes, freeFailuresPerPair, maxFailuresPerAccount, maxFailuresPerAddress } = signInThrottle;
  const outcome = await db.transaction(async (tx) => {
    await lockSignInKeys(tx, email, ipAddress);
    const pair = await recentFailuresForPair(tx, email, ipAddress, windowMinutes);
    const account = await recentFailuresForEmail(tx, email, windowMinutes);
    const address = await recentFailuresForAddress(tx, ipAddress, windowMinutes);
    const waits = [
      // Below the free failures there is no delay at all, however recent the last attempt.
      pair.failures < freeFailuresPerPair ? 0 : pairDelaySeconds(pair.failures) - pair.secondsSinceLast,
      // Past the account's limit an address that already failed for it waits for the window; a clean one is still checked.
      account.failures >= maxFailuresPerAccount && pair.failures > 0 ? account.retryAfterSeconds : 0,
      address.failures >= maxFailuresPerAddress ? address.retryAfterSeconds : 0,
    ];
    const retryAfterSeconds = Math.max(...waits);
    if (retryAfterSeconds > 0) return { throttled: true as const, retryAfterSeconds };
    const locks: LockScope[] = [];
    if (pair.failures === freeFailuresPerPair - 1) locks.push('account-address');
    if (account.failures === maxFailuresPerAccount - 1) locks.push('account');
    if (address.failures === maxFailuresPerAddress - 1) locks.push('address');
    return { throttled: false as const, attemptId: await reserveSignInAttempt(tx, { email, ipAddress }), locks };
  });
  if (outcome.throttled) {
    const retryAfter = outcome.retryAfterSeconds;
    throw tooManyRequests(`Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minute(s).`, retryAfter);
  }
  return { attemptId: outcome.attemptId, locks: outcome.locks };
}

/**
 * A reserved attempt failed (it already stands as a failure): when it reached a limit, the
 * locking event goes to the audit log, for the admin concerned to see at their next sign-in.
 * `adminId` is the account's admin, null for an unknown e-mail (then only an address lock is recorded).
 */
export async function recordFailedAttempt(
  db: Executor,
  reserved: ReservedAttempt,
  target: { adminId: number | null; ipAddress: string; factor: 'password' | 'second-factor' },
): Promise<void> {
  for (const scope of reserved.locks) {
    if (scope !== 'address' && target.adminId === null) continue;
    await recordAudit(db, {
      adminId: null,
      action: 'admin.sign_in_locked',
      entity: 'admin',
      entityId: scope === 'address' ? null : target.adminId,
      details: { scope, factor: target.factor },
      ipAddress: target.ipAddress,
    });
  }
}

import type { SignedInAdmin, TwoFactorChallenge } from '@gold/contract';
import type { Database, Executor } from '../../db/client';
import { tooManyRequests, unauthorized } from '../../lib/http-errors';
import { findAdminByEmail, markSignedIn, type AdminRow } from '../admins/admins.repository';
import { recordAudit } from '../audit/audit.repository';
import {
  endSession,
  findLiveSession,
  insertSession,
  lockSignInKeys,
  markAttemptSucceeded,
  recentFailuresForAddress,
  recentFailuresForEmail,
  reserveSignInAttempt,
  touchSession,
} from './auth.repository';
import { insertChallenge } from '../two-factor/two-factor.repository';
import { verifyPassword } from './passwords';
import { hashSessionToken, newSessionToken } from './session-token';

export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

/** Throttling limits (decisions.md): per account and per address, over a sliding window. */
export const signInThrottle = { windowMinutes: 15, maxFailuresPerEmail: 5, maxFailuresPerAddress: 20 } as const;

/** The same answer for an unknown e-mail, a wrong password and an inactive account. */
const invalidCredentials = 'Invalid email or password';

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

/** The session answer's view of an admin row. */
export const signedInAdminFrom = (row: AdminRow): SignedInAdmin => ({
  id: row.id,
  fullName: row.fullName,
  email: row.email,
  phoneNumber: row.phoneNumber,
  role: row.role,
  status: row.status,
});

/** Starts a session for an admin who passed every step of sign-in (inside the caller's transaction), audited. */
export async function openSession(
  tx: Executor,
  policy: SessionPolicy,
  admin: AdminRow,
  input: { ipAddress: string; userAgent: string | null },
  details?: Record<string, unknown>,
): Promise<string> {
  const token = newSessionToken();
  await insertSession(tx, {
    tokenHash: hashSessionToken(token),
    adminId: admin.id,
    absoluteHours: policy.absoluteHours,
    ipAddress: input.ipAddress,
    userAgent: input.userAgent,
  });
  await markSignedIn(tx, admin.id);
  await recordAudit(tx, {
    adminId: admin.id,
    action: 'admin.sign_in',
    entity: 'admin',
    entityId: admin.id,
    details,
    ipAddress: input.ipAddress,
  });
  return token;
}

export type SignInOutcome = { token: string; admin: SignedInAdmin } | { challenge: TwoFactorChallenge };

export async function signIn(
  db: Database,
  policy: SessionPolicy & { requireTwoFactor?: boolean },
  input: { email: string; password: string; ipAddress: string; userAgent: string | null },
): Promise<SignInOutcome> {
  const attemptId = await reserveAttempt(db, input.email, input.ipAddress);

  const admin = await findAdminByEmail(db, input.email);
  const active = admin?.status === 'Activated' && !admin.deletedAt ? admin : undefined;
  // One argon2 verification on every path: unknown, inactive and unusable-hash accounts are checked against the decoy.
  const passwordMatches = await verifyPassword(active?.passwordHash, input.password);
  if (!active || !passwordMatches) {
    // The reserved attempt already stands as a failure.
    throw unauthorized(invalidCredentials);
  }

  // With a second factor (or one required but not set up), no session yet: a short-lived token for the second step.
  if (active.twoFactorSecret || policy.requireTwoFactor) {
    const kind = active.twoFactorSecret ? ('required' as const) : ('enrol' as const);
    return db.transaction(async (tx) => {
      await markAttemptSucceeded(tx, attemptId);
      const challenge = await insertChallenge(tx, active.id, kind, input.ipAddress);
      return { challenge: { twoFactor: kind, ...challenge } };
    });
  }

  const token = await db.transaction(async (tx) => {
    await markAttemptSucceeded(tx, attemptId);
    return openSession(tx, policy, active, input);
  });
  return { token, admin: signedInAdminFrom(active) };
}

/** The signed-in admin behind a cookie token, or null; refreshes the idle timer. */
export async function resolveSession(
  db: Database,
  policy: SessionPolicy,
  token: string,
): Promise<{ sessionId: number; admin: SignedInAdmin } | null> {
  const session = await findLiveSession(db, hashSessionToken(token), policy.idleMinutes);
  if (!session) return null;
  // Most requests come within a minute of the last write: no second round trip for them (the
  // update's own condition, on the database's clock, still decides).
  if (Date.now() - new Date(session.lastSeenAt).getTime() >= 60_000) await touchSession(db, session.sessionId);
  return { sessionId: session.sessionId, admin: session.admin };
}

export async function signOut(db: Database, token: string, ipAddress: string | null = null): Promise<void> {
  await db.transaction(async (tx) => {
    const ended = await endSession(tx, hashSessionToken(token));
    if (ended)
      await recordAudit(tx, { adminId: ended.adminId, action: 'admin.sign_out', entity: 'admin', entityId: ended.adminId, ipAddress });
  });
}

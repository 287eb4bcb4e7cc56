import type { SignedInAdmin, SignInLock, TwoFactorChallenge } from '@gold/contract';
import type { Database, Executor } from '../../../db/client';
import { unauthorized } from '../../../lib/http-errors';
import { recordAudit } from '../../audit/audit.repository';
import { findAdminByEmail, markSignedIn, type AdminRow } from '../admins/admins.repository';
import { verifyPassword } from '../admins/passwords';
import type { SessionPolicy } from '../sessions/sessions.service';
import { hashSessionToken, newSessionToken } from '../sessions/session-token';
import { insertSession } from '../sessions/sessions.repository';
import { markAttemptSucceeded } from './sign-in-attempts.repository';
import { insertChallenge } from './sign-in-challenges.repository';
import { locksSince } from './sign-in-locks.repository';
import { recordFailedAttempt, reserveAttempt } from './sign-in-throttle';

/** The same answer for an unknown e-mail, a wrong password and an inactive account. */
const invalidCredentials = 'Invalid email or password';

/** The session answer's view of an admin row. */
export const signedInAdminFrom = (row: AdminRow): SignedInAdmin => ({
  id: row.id,
  fullName: row.fullName,
  email: row.email,
  phoneNumber: row.phoneNumber,
  role: row.role,
  locationId: row.locationId,
  status: row.status,
  language: row.language,
});

/** A session just opened: its cookie token and the locking events the admin has not seen yet. */
export interface OpenedSession {
  token: string;
  signInLocks: SignInLock[];
}

/** Starts a session for an admin who passed every step of sign-in (inside the caller's transaction), audited. */
export async function openSession(
  tx: Executor,
  policy: SessionPolicy,
  admin: AdminRow,
  input: { ipAddress: string; userAgent: string | null },
  details?: Record<string, unknown>,
): Promise<OpenedSession> {
  const token = newSessionToken();
  // Read before this sign-in becomes the latest one.
  const signInLocks = await locksSince(tx, admin.id, admin.lastSignInAt);
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
  return { token, signInLocks };
}

type SignInOutcome = (OpenedSession & { admin: SignedInAdmin }) | { challenge: TwoFactorChallenge };

export async function signIn(
  db: Database,
  policy: SessionPolicy & { requireTwoFactor?: boolean },
  input: { email: string; password: string; ipAddress: string; userAgent: string | null },
): Promise<SignInOutcome> {
  const reserved = await reserveAttempt(db, input.email, input.ipAddress);

  const admin = await findAdminByEmail(db, input.email);
  const active = admin?.status === 'Activated' && !admin.deletedAt ? admin : undefined;
  // One argon2 verification on every path: unknown, inactive and unusable-hash accounts are checked against the decoy.
  const passwordMatches = await verifyPassword(active?.passwordHash, input.password);
  if (!active || !passwordMatches) {
    // The reserved attempt already stands as a failure.
    await recordFailedAttempt(db, reserved, { adminId: admin?.id ?? null, ipAddress: input.ipAddress, factor: 'password' });
    throw unauthorized(invalidCredentials);
  }

  // With a second factor (or one required but not set up), no session yet: a short-lived token for the second step.
  if (active.twoFactorSecret || policy.requireTwoFactor) {
    const kind = active.twoFactorSecret ? ('required' as const) : ('enrol' as const);
    return db.transaction(async (tx) => {
      await markAttemptSucceeded(tx, reserved.attemptId);
      const challenge = await insertChallenge(tx, active.id, kind, input.ipAddress);
      return { challenge: { twoFactor: kind, ...challenge } };
    });
  }

  const session = await db.transaction(async (tx) => {
    await markAttemptSucceeded(tx, reserved.attemptId);
    return openSession(tx, policy, active, input);
  });
  return { ...session, admin: signedInAdminFrom(active) };
}

import type { SignedInAdmin } from '@gold/contract';
import type { Database } from '../../db/client';
import { tooManyRequests, unauthorized } from '../../lib/http-errors';
import { recordAudit } from '../audit/audit.repository';
import {
  endSession, findAdminByEmail, findLiveSession, insertSession, markSignedIn, recentFailuresForAddress,
  recentFailuresForEmail, recordSignInAttempt, touchSession,
} from './auth.repository';
import { decoyPasswordHash, verifyPassword } from './passwords';
import { hashSessionToken, newSessionToken } from './session-token';

export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

/** Throttling limits (decisions.md): per account and per address, over a sliding window. */
export const signInThrottle = { windowMinutes: 15, maxFailuresPerEmail: 5, maxFailuresPerAddress: 20 } as const;

/** The same answer for an unknown e-mail, a wrong password and an inactive account. */
const invalidCredentials = 'Invalid email or password';

export async function signIn(
  db: Database,
  policy: SessionPolicy,
  input: { email: string; password: string; ipAddress: string; userAgent: string | null },
): Promise<{ token: string; admin: SignedInAdmin }> {
  const { windowMinutes, maxFailuresPerEmail, maxFailuresPerAddress } = signInThrottle;
  const [byEmail, byAddress] = [
    await recentFailuresForEmail(db, input.email, windowMinutes),
    await recentFailuresForAddress(db, input.ipAddress, windowMinutes),
  ];
  if (byEmail.failures >= maxFailuresPerEmail || byAddress.failures >= maxFailuresPerAddress) {
    const retryAfter = Math.max(
      byEmail.failures >= maxFailuresPerEmail ? byEmail.retryAfterSeconds : 0,
      byAddress.failures >= maxFailuresPerAddress ? byAddress.retryAfterSeconds : 0,
    );
    throw tooManyRequests(`Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minute(s).`, retryAfter);
  }

  const admin = await findAdminByEmail(db, input.email);
  const passwordMatches = await verifyPassword(admin?.passwordHash ?? (await decoyPasswordHash()), input.password);
  if (!admin || !passwordMatches || admin.status !== 'Activated') {
    await recordSignInAttempt(db, { email: input.email, ipAddress: input.ipAddress, succeeded: false });
    throw unauthorized(invalidCredentials);
  }

  const token = newSessionToken();
  await db.transaction(async (tx) => {
    await recordSignInAttempt(tx, { email: input.email, ipAddress: input.ipAddress, succeeded: true });
    await insertSession(tx, {
      tokenHash: hashSessionToken(token),
      adminId: admin.id,
      absoluteHours: policy.absoluteHours,
      ipAddress: input.ipAddress,
      userAgent: input.userAgent,
    });
    await markSignedIn(tx, admin.id);
    await recordAudit(tx, { adminId: admin.id, action: 'admin.sign_in', entity: 'admin', entityId: admin.id });
  });
  return {
    token,
    admin: {
      id: admin.id,
      fullName: admin.fullName,
      email: admin.email,
      phoneNumber: admin.phoneNumber,
      role: admin.role,
      status: admin.status,
    },
  };
}

/** The signed-in admin behind a cookie token, or null; refreshes the idle timer. */
export async function resolveSession(
  db: Database,
  policy: SessionPolicy,
  token: string,
): Promise<{ sessionId: number; admin: SignedInAdmin } | null> {
  const session = await findLiveSession(db, hashSessionToken(token), policy.idleMinutes);
  if (!session) return null;
  await touchSession(db, session.sessionId);
  return { sessionId: session.sessionId, admin: session.admin };
}

export async function signOut(db: Database, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const ended = await endSession(tx, hashSessionToken(token));
    if (ended) await recordAudit(tx, { adminId: ended.adminId, action: 'admin.sign_out', entity: 'admin', entityId: ended.adminId });
  });
}

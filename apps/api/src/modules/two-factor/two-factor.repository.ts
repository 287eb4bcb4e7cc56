import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { adminRecoveryCodes, admins, signInChallenges } from '../../db/schema';
import { hashSessionToken, newSessionToken } from '../auth/session-token';
import type { AdminRow } from '../admins/admins.repository';

/** How long the second step of a sign-in may take. */
export const challengeMinutes = 5;

export async function setPendingSecret(db: Executor, adminId: number, secret: string): Promise<void> {
  await db
    .update(admins)
    .set({ twoFactorPendingSecret: secret })
    .where(sql`${admins.id} = ${adminId}`);
}

/** Turns the pending secret on (only if it is still the one checked), with the step of the code that confirmed it and new recovery codes. */
export async function enableTwoFactor(db: Executor, adminId: number, secret: string, step: number, recoveryCodeHashes: string[]) {
  const updated = await db
    .update(admins)
    .set({
      twoFactorSecret: secret,
      twoFactorPendingSecret: null,
      twoFactorEnabledAt: sql`now()`,
      twoFactorLastStep: step,
      updatedAt: sql`now()`,
    })
    .where(sql`${admins.id} = ${adminId} and ${admins.twoFactorPendingSecret} = ${secret}`)
    .returning({ id: admins.id });
  if (updated.length === 0) return false;
  await db.delete(adminRecoveryCodes).where(sql`${adminRecoveryCodes.adminId} = ${adminId}`);
  await db.insert(adminRecoveryCodes).values(recoveryCodeHashes.map((codeHash) => ({ adminId, codeHash })));
  return true;
}

/** Claims a time step atomically: false when that step (or a later one) was already used. */
export async function claimTimeStep(db: Executor, adminId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(admins)
    .set({ twoFactorLastStep: step })
    .where(sql`${admins.id} = ${adminId} and (${admins.twoFactorLastStep} is null or ${admins.twoFactorLastStep} < ${step})`)
    .returning({ id: admins.id });
  return rows.length > 0;
}

/** Uses up a recovery code atomically: false when unknown or already used. */
export async function useRecoveryCode(db: Executor, adminId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      sql`${adminRecoveryCodes.adminId} = ${adminId} and ${adminRecoveryCodes.codeHash} = ${codeHash} and ${adminRecoveryCodes.usedAt} is null`,
    )
    .returning({ id: adminRecoveryCodes.id });
  return rows.length > 0;
}

export async function resetTwoFactor(db: Executor, adminId: number): Promise<void> {
  await db
    .update(admins)
    .set({ twoFactorSecret: null, twoFactorPendingSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null, updatedAt: sql`now()` })
    .where(sql`${admins.id} = ${adminId}`);
  await db.delete(adminRecoveryCodes).where(sql`${adminRecoveryCodes.adminId} = ${adminId}`);
  await db
    .update(signInChallenges)
    .set({ usedAt: sql`now()` })
    .where(sql`${signInChallenges.adminId} = ${adminId} and ${signInChallenges.usedAt} is null`);
}

/** A new second-step token for an admin whose password was right; only its hash is stored. */
export async function insertChallenge(db: Executor, adminId: number, kind: 'required' | 'enrol', ipAddress: string) {
  const token = newSessionToken();
  const [row] = await db
    .insert(signInChallenges)
    .values({
      tokenHash: hashSessionToken(token),
      adminId,
      kind,
      ipAddress,
      expiresAt: sql`now() + make_interval(mins => ${challengeMinutes})`,
    })
    .returning({ expiresAt: signInChallenges.expiresAt });
  return { token, expiresAt: row!.expiresAt.toISOString() };
}

/** The challenge behind a token if it is unused, unexpired and its admin still active and not deleted. */
export async function findLiveChallenge(
  db: Executor,
  token: string,
): Promise<{ id: number; kind: 'required' | 'enrol'; admin: AdminRow } | undefined> {
  const [row] = await db
    .select({ id: signInChallenges.id, kind: signInChallenges.kind, admin: admins })
    .from(signInChallenges)
    .innerJoin(admins, sql`${admins.id} = ${signInChallenges.adminId}`)
    .where(
      sql`${signInChallenges.tokenHash} = ${hashSessionToken(token)} and ${signInChallenges.usedAt} is null
          and ${signInChallenges.expiresAt} > now() and ${admins.status} = 'Activated' and ${admins.deletedAt} is null`,
    )
    .limit(1);
  return row;
}

/** Uses up a challenge atomically: false when another request did first. */
export async function useChallenge(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(signInChallenges)
    .set({ usedAt: sql`now()` })
    .where(sql`${signInChallenges.id} = ${id} and ${signInChallenges.usedAt} is null`)
    .returning({ id: signInChallenges.id });
  return rows.length > 0;
}

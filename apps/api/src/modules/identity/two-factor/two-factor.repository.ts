import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { adminRecoveryCodes, admins, signInChallenges } from '../../../db/schema';
import { isKeyedRecoveryHash, isSealed, sealTotpSecret, wrapLegacyRecoveryHash, type SecondFactorKeys } from './second-factor-keys';

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

/**
 * Seals what older versions stored in clear: TOTP secrets (and pending ones) are encrypted, and
 * recovery codes' bare SHA-256 hashes are wrapped in the keyed HMAC. Each row is changed only if
 * it still holds the value read, so processes starting together do it once.
 */
export async function sealStoredSecondFactors(db: Executor, keys: SecondFactorKeys): Promise<{ secrets: number; recoveryCodes: number }> {
  const clear = await db
    .select({ id: admins.id, secret: admins.twoFactorSecret, pending: admins.twoFactorPendingSecret })
    .from(admins)
    .where(
      sql`(${admins.twoFactorSecret} is not null and ${admins.twoFactorSecret} not like 'v1:%')
          or (${admins.twoFactorPendingSecret} is not null and ${admins.twoFactorPendingSecret} not like 'v1:%')`,
    );
  let secrets = 0;
  for (const row of clear) {
    const seal = (value: string | null) => (value === null || isSealed(value) ? value : sealTotpSecret(keys, row.id, value));
    const updated = await db
      .update(admins)
      .set({ twoFactorSecret: seal(row.secret), twoFactorPendingSecret: seal(row.pending) })
      .where(
        sql`${admins.id} = ${row.id} and ${admins.twoFactorSecret} is not distinct from ${row.secret}
            and ${admins.twoFactorPendingSecret} is not distinct from ${row.pending}`,
      )
      .returning({ id: admins.id });
    secrets += updated.length;
  }
  const bare = await db
    .select({ id: adminRecoveryCodes.id, codeHash: adminRecoveryCodes.codeHash })
    .from(adminRecoveryCodes)
    .where(sql`${adminRecoveryCodes.codeHash} !~ '^h[01]:'`);
  let recoveryCodes = 0;
  for (const row of bare) {
    if (isKeyedRecoveryHash(row.codeHash)) continue;
    const updated = await db
      .update(adminRecoveryCodes)
      .set({ codeHash: wrapLegacyRecoveryHash(keys, row.codeHash) })
      .where(sql`${adminRecoveryCodes.id} = ${row.id} and ${adminRecoveryCodes.codeHash} = ${row.codeHash}`)
      .returning({ id: adminRecoveryCodes.id });
    recoveryCodes += updated.length;
  }
  return { secrets, recoveryCodes };
}

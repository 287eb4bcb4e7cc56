import type { AdminDetail, Reauthentication, SignedInAdmin, TwoFactorSetupResponse } from '@gold/contract';
import type { Database } from '../../../db/client';
import { badRequest, conflict, notFound, unauthorized } from '../../../lib/http-errors';
import { recordAudit } from '../../audit/audit.repository';
import { findAdminById, findAdminDetail, lockAdmin, type AdminRow } from '../admins/admins.repository';
import { requireReauthentication } from './reauthentication';
import type { Actor } from '../sessions/actor';
import type { SessionPolicy } from '../sessions/sessions.service';
import { markAttemptSucceeded } from '../sign-in/sign-in-attempts.repository';
import { findLiveChallenge, useChallenge } from '../sign-in/sign-in-challenges.repository';
import { openSession, signedInAdminFrom, type OpenedSession } from '../sign-in/sign-in.service';
import { recordFailedAttempt, reserveAttempt } from '../sign-in/sign-in-throttle';
import { openTotpSecret, recoveryCodeHash, sealTotpSecret, type SecondFactorKeys } from './second-factor-keys';
import { secondFactorThrottleKey } from './second-factor-throttle';
import { acceptedTimeStep, isRecoveryCodeShape, newRecoveryCodes, newTotpSecret, totpSetup } from './totp';
import { claimTimeStep, enableTwoFactor, resetTwoFactor, setPendingSecret, useRecoveryCode } from './two-factor.repository';

const expiredStep = 'This sign-in step has expired or was already used: sign in again';

async function startSetup(db: Database, keys: SecondFactorKeys, admin: AdminRow): Promise<TwoFactorSetupResponse> {
  const secret = newTotpSecret();
  await setPendingSecret(db, admin.id, sealTotpSecret(keys, admin.id, secret));
  const setup = totpSetup(admin.email, secret);
  return { secret, otpauthUri: setup.otpauthUri, qrCodeDataUrl: await setup.qrCode };
}

/**
 * Checks a code from the app against the pending secret (throttled) and turns two-factor on with
 * ten new recovery codes, answered once.
 */
async function finishSetup(
  db: Database,
  keys: SecondFactorKeys,
  admin: AdminRow,
  code: string,
  ipAddress: string,
  onEnabled?: Parameters<Database['transaction']>[0],
) {
  const pending = admin.twoFactorPendingSecret;
  if (!pending) throw conflict('Start the set-up first: no authenticator is waiting to be confirmed');
  const secret = openTotpSecret(keys, admin.id, pending);
  const reserved = await reserveAttempt(db, secondFactorThrottleKey(admin.id), ipAddress);
  const step = await acceptedTimeStep(secret, code, null);
  if (step === null) {
    await recordFailedAttempt(db, reserved, { adminId: admin.id, ipAddress, factor: 'second-factor' });
    throw badRequest('body.code: the code is not valid; check the time on your device and try the current code');
  }
  const recoveryCodes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    await markAttemptSucceeded(tx, reserved.attemptId);
    if (
      !(await enableTwoFactor(
        tx,
        admin.id,
        pending,
        step,
        recoveryCodes.map((code) => recoveryCodeHash(keys, code)),
      ))
    )
      throw conflict('The set-up changed meanwhile: start it again');
    await recordAudit(tx, { adminId: admin.id, action: 'admin.two_factor_enable', entity: 'admin', entityId: admin.id, ipAddress });
    if (onEnabled) await onEnabled(tx);
  });
  return recoveryCodes;
}

/** Profile: a new secret to scan (enrolment completes with a code). Refused while a second factor is on. */
export async function setupForSelf(
  db: Database,
  keys: SecondFactorKeys,
  actor: Actor,
  reauth: Reauthentication | undefined,
): Promise<TwoFactorSetupResponse> {
  const me = await findAdminById(db, actor.admin.id);
  if (!me) throw notFound('Your account no longer exists');
  if (me.twoFactorSecret) throw conflict('Two-factor sign-in is already on; another admin can reset it');
  // A stolen session must not bind the thief's authenticator to this account.
  await requireReauthentication(db, keys, actor, reauth);
  return startSetup(db, keys, me);
}

export async function enableForSelf(db: Database, keys: SecondFactorKeys, actor: Actor, code: string): Promise<string[]> {
  const me = await findAdminById(db, actor.admin.id);
  if (!me) throw notFound('Your account no longer exists');
  if (me.twoFactorSecret) throw conflict('Two-factor sign-in is already on');
  return finishSetup(db, keys, me, code, actor.ipAddress);
}

/** The second step of sign-in: a code from the app (accepted once) or an unused recovery code. */
export async function signInSecondStep(
  db: Database,
  keys: SecondFactorKeys,
  policy: SessionPolicy,
  input: { token: string; code: string; ipAddress: string; userAgent: string | null },
): Promise<OpenedSession & { admin: SignedInAdmin }> {
  const challenge = await findLiveChallenge(db, input.token);
  const stored = challenge?.admin.twoFactorSecret;
  if (!challenge || challenge.kind !== 'required' || !stored) throw unauthorized(expiredStep);
  const admin = challenge.admin;
  const secret = openTotpSecret(keys, admin.id, stored);
  const reserved = await reserveAttempt(db, secondFactorThrottleKey(admin.id), input.ipAddress);
  const failed = async () => {
    await recordFailedAttempt(db, reserved, { adminId: admin.id, ipAddress: input.ipAddress, factor: 'second-factor' });
    return unauthorized('Invalid code');
  };
  const recovery = isRecoveryCodeShape(input.code);
  const step = recovery ? null : await acceptedTimeStep(secret, input.code, admin.twoFactorLastStep);
  if (!recovery && step === null) throw await failed();
  const session = await db.transaction(async (tx) => {
    const accepted = recovery
      ? await useRecoveryCode(tx, admin.id, recoveryCodeHash(keys, input.code))
      : await claimTimeStep(tx, admin.id, step!);
    if (!accepted) return null;
    if (!(await useChallenge(tx, challenge.id))) throw unauthorized(expiredStep);
    await markAttemptSucceeded(tx, reserved.attemptId);
    if (recovery)
      await recordAudit(tx, {
        adminId: admin.id,
        action: 'admin.recovery_code_used',
        entity: 'admin',
        entityId: admin.id,
        ipAddress: input.ipAddress,
      });
    return openSession(tx, policy, admin, input, { secondFactor: recovery ? 'recovery-code' : 'totp' });
  });
  // A code used before (or a recovery code unknown or used): the reserved attempt stays a failure.
  if (!session) throw await failed();
  return { ...session, admin: signedInAdminFrom(admin) };
}

/** Enrolment forced at sign-in (REQUIRE_TWO_FACTOR): the challenge's token stands in for the session. */
export async function setupAtSignIn(db: Database, keys: SecondFactorKeys, token: string): Promise<TwoFactorSetupResponse> {
  const challenge = await findLiveChallenge(db, token);
  if (!challenge || challenge.kind !== 'enrol') throw unauthorized(expiredStep);
  if (challenge.admin.twoFactorSecret) throw conflict('Two-factor sign-in is already on: sign in again');
  return startSetup(db, keys, challenge.admin);
}

export async function enableAtSignIn(
  db: Database,
  keys: SecondFactorKeys,
  policy: SessionPolicy,
  input: { token: string; code: string; ipAddress: string; userAgent: string | null },
): Promise<OpenedSession & { admin: SignedInAdmin; recoveryCodes: string[] }> {
  const challenge = await findLiveChallenge(db, input.token);
  if (!challenge || challenge.kind !== 'enrol') throw unauthorized(expiredStep);
  let session: OpenedSession = { token: '', signInLocks: [] };
  const recoveryCodes = await finishSetup(db, keys, challenge.admin, input.code, input.ipAddress, async (tx) => {
    if (!(await useChallenge(tx, challenge.id))) throw unauthorized(expiredStep);
    session = await openSession(tx, policy, challenge.admin, input, { secondFactor: 'enrolled' });
  });
  return { ...session, admin: signedInAdminFrom(challenge.admin), recoveryCodes };
}

/** An admin removes another admin's second factor (a lost phone); audited. */
export async function resetForAdmin(
  db: Database,
  keys: SecondFactorKeys,
  actor: Actor,
  id: number,
  reauth: Reauthentication | undefined,
): Promise<AdminDetail> {
  if (id === actor.admin.id) throw conflict('You cannot reset your own second factor: ask another admin');
  if (!(await findAdminDetail(db, id))) throw notFound(`Admin ${id} not found`);
  await requireReauthentication(db, keys, actor, reauth);
  await db.transaction(async (tx) => {
    const row = await lockAdmin(tx, id);
    if (!row) throw notFound(`Admin ${id} not found`);
    await resetTwoFactor(tx, id);
    await recordAudit(tx, {
      adminId: actor.admin.id,
      action: 'admin.two_factor_reset',
      entity: 'admin',
      entityId: id,
      details: { before: { twoFactorEnabled: row.twoFactorSecret !== null }, after: { twoFactorEnabled: false } },
      ipAddress: actor.ipAddress,
    });
  });
  const detail = await findAdminDetail(db, id);
  if (!detail) throw notFound(`Admin ${id} not found`);
  return detail;
}

import type { Reauthentication } from '@gold/contract';
import type { Database } from '../../../db/client';
import { badRequest, notFound } from '../../../lib/http-errors';
import { findAdminById, type AdminRow } from '../admins/admins.repository';
import { verifyPassword } from '../admins/passwords';
import type { Actor } from '../sessions/actor';
import { markAttemptSucceeded } from '../sign-in/sign-in-attempts.repository';
import { recordFailedAttempt, reserveAttempt } from '../sign-in/sign-in-throttle';
import { openTotpSecret, recoveryCodeHash, type SecondFactorKeys } from './second-factor-keys';
import { acceptedTimeStep, isRecoveryCodeShape } from './totp';
import { claimTimeStep, useRecoveryCode } from './two-factor.repository';
import { secondFactorThrottleKey } from './second-factor-throttle';

/**
 * Proves that the admin behind a session is at the keyboard before a sensitive change: its
 * password and, when it has a second factor, a code from the app (accepted once) or a recovery
 * code (used up). Both are throttled as at sign-in. Any change that needs it calls this first,
 * with the `reauth` field of its body; a missing or wrong one is a 400 naming the field.
 */
export async function requireReauthentication(
  db: Database,
  keys: SecondFactorKeys,
  actor: Actor,
  reauth: Reauthentication | undefined,
): Promise<void> {
  if (!reauth) throw badRequest('body.reauth: confirm this change with your password');
  const me = await findAdminById(db, actor.admin.id);
  if (!me) throw notFound('Your account no longer exists');
  const reserved = await reserveAttempt(db, me.email, actor.ipAddress);
  if (!(await verifyPassword(me.passwordHash, reauth.password))) {
    await recordFailedAttempt(db, reserved, { adminId: me.id, ipAddress: actor.ipAddress, factor: 'password' });
    throw badRequest('body.reauth.password: the password is wrong');
  }
  await markAttemptSucceeded(db, reserved.attemptId);
  await requireSecondFactor(db, keys, me, actor.ipAddress, reauth.code, 'body.reauth.code');
}

/**
 * The second half of a re-authentication, for an admin whose password was just checked: when it has
 * a second factor, a code from the app (accepted once) or a recovery code (used up), throttled as at
 * sign-in; a missing or wrong one is a 400 naming `field`. Nothing to check without a second factor.
 */
export async function requireSecondFactor(
  db: Database,
  keys: SecondFactorKeys,
  me: AdminRow,
  ipAddress: string,
  code: string | undefined,
  field: string,
): Promise<void> {
  if (!me.twoFactorSecret) return;
  if (!code) throw badRequest(`${field}: enter a code from your authenticator app (or a recovery code)`);
  const codeAttempt = await reserveAttempt(db, secondFactorThrottleKey(me.id), ipAddress);
  let accepted: boolean;
  if (isRecoveryCodeShape(code)) {
    accepted = await useRecoveryCode(db, me.id, recoveryCodeHash(keys, code));
  } else {
    const step = await acceptedTimeStep(openTotpSecret(keys, me.id, me.twoFactorSecret), code, me.twoFactorLastStep);
    accepted = step !== null && (await claimTimeStep(db, me.id, step));
  }
  if (!accepted) {
    await recordFailedAttempt(db, codeAttempt, { adminId: me.id, ipAddress, factor: 'second-factor' });
    throw badRequest(`${field}: the code is not valid (a code is accepted once: wait for the next one)`);
  }
  await markAttemptSucceeded(db, codeAttempt.attemptId);
}

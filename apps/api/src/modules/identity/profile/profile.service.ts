import { sql } from 'drizzle-orm';
import type { AccountProfile, AdminLanguage, ChangePasswordBody, UpdateProfileBody } from '@gold/contract';
import { selectRows, type Database } from '../../../db/client';
import { isoTimestamp } from '../../../db/paging';
import { admins } from '../../../db/schema';
import { badRequest, notFound } from '../../../lib/http-errors';
import { recordAudit } from '../../audit/audit.repository';
import { findAdminById, updateAdmin } from '../admins/admins.repository';
import { checkPasswordPolicy } from '../admin-management/admins.service';
import { hashPassword, verifyPassword } from '../admins/passwords';
import { normalisePhoneNumber } from '../admins/phone-number';
import type { Actor } from '../sessions/actor';
import { endSessionsOfAdmin } from '../sessions/sessions.repository';
import { markAttemptSucceeded } from '../sign-in/sign-in-attempts.repository';
import { recordFailedAttempt, reserveAttempt } from '../sign-in/sign-in-throttle';
import { requireSecondFactor } from '../two-factor/reauthentication';
import type { SecondFactorKeys } from '../two-factor/second-factor-keys';

const a = admins;

export async function getProfile(db: Database, adminId: number): Promise<AccountProfile> {
  const [row] = await selectRows<AccountProfile>(
    db,
    sql`select ${a.id} as "id", ${a.fullName} as "fullName", ${a.email} as "email", ${a.phoneNumber} as "phoneNumber",
               ${a.role} as "role", ${a.locationId} as "locationId", ${a.status} as "status", ${a.language} as "language", (${a.twoFactorSecret} is not null) as "twoFactorEnabled",
               ${isoTimestamp(a.createdAt)} as "createdAt",
               case when ${a.lastSignInAt} is null then null else ${isoTimestamp(a.lastSignInAt)} end as "lastSignInAt",
               ${isoTimestamp(a.passwordChangedAt)} as "passwordChangedAt"
          from ${a} where ${a.id} = ${adminId} and ${a.deletedAt} is null`,
  );
  if (!row) throw notFound('Your account no longer exists');
  return row;
}

/** Profile's 'Update Profile': the phone number (E.164), audited with before and after. */
export async function updateProfile(db: Database, actor: Actor, body: UpdateProfileBody): Promise<AccountProfile> {
  const phoneNumber = normalisePhoneNumber(body.phoneNumber, 'body.phoneNumber');
  const id = actor.admin.id;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ phoneNumber: a.phoneNumber })
      .from(a)
      .where(sql`${a.id} = ${id}`)
      .for('update');
    if (!row || row.phoneNumber === phoneNumber) return;
    await updateAdmin(tx, id, { phoneNumber });
    await recordAudit(tx, {
      adminId: id,
      action: 'admin.profile_update',
      entity: 'admin',
      entityId: id,
      details: { before: { phoneNumber: row.phoneNumber }, after: { phoneNumber } },
      ipAddress: actor.ipAddress,
    });
  });
  return getProfile(db, id);
}

/**
 * The console language remembered for the signed-in admin. A preference, not an account change:
 * neither updatedAt nor the audit log records it.
 */
export async function setLanguage(db: Database, actor: Actor, language: AdminLanguage): Promise<AdminLanguage> {
  const [row] = await db
    .update(a)
    .set({ language })
    .where(sql`${a.id} = ${actor.admin.id} and ${a.deletedAt} is null`)
    .returning({ language: a.language });
  if (!row) throw notFound('Your account no longer exists');
  return row.language;
}

/**
 * A new password for yourself, only with the right current one. A wrong current password counts
 * as a failed sign-in for your e-mail (the same throttle: 429 after 5), and is a 400, never a 401
 * (which would sign the console out). Every other session of yours ends.
 */
export async function changeOwnPassword(
  db: Database,
  keys: SecondFactorKeys,
  actor: Actor,
  body: ChangePasswordBody,
): Promise<{ endedSessions: number }> {
  if (body.password !== body.confirmPassword) throw badRequest('body.confirmPassword: Password is Not Match');
  const me = await findAdminById(db, actor.admin.id);
  if (!me) throw notFound('Your account no longer exists');
  checkPasswordPolicy(body.password, [me.fullName, me.email]);
  const reserved = await reserveAttempt(db, me.email, actor.ipAddress);
  if (!(await verifyPassword(me.passwordHash, body.currentPassword))) {
    await recordFailedAttempt(db, reserved, { adminId: me.id, ipAddress: actor.ipAddress, factor: 'password' });
    throw badRequest('body.currentPassword: the current password is wrong');
  }
  await markAttemptSucceeded(db, reserved.attemptId);
  if (body.password === body.currentPassword) throw badRequest('body.password: the new password must differ from the current one');
  // The current password is the first factor of a re-authentication; the second, when enrolled, too.
  await requireSecondFactor(db, keys, me, actor.ipAddress, body.code, 'body.code');
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    await updateAdmin(tx, me.id, { passwordHash, passwordChanged: true });
    const endedSessions = await endSessionsOfAdmin(tx, me.id, actor.sessionTokenHash);
    await recordAudit(tx, {
      adminId: me.id,
      action: 'admin.password_change',
      entity: 'admin',
      entityId: me.id,
      details: { endedSessions },
      ipAddress: actor.ipAddress,
    });
    return { endedSessions };
  });
}

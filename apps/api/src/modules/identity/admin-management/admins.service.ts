import type { AddAdminBody, AdminDetail, AdminRole, EditAdminBody } from '@gold/contract';
import type { Database } from '../../../db/client';
import { badRequest, conflict, notFound } from '../../../lib/http-errors';
import { recordAudit } from '../../audit/audit.repository';
import { requireReauthentication } from '../two-factor/reauthentication';
import type { Actor } from '../sessions/actor';
import type { SecondFactorKeys } from '../two-factor/second-factor-keys';
import { endSessionsOfAdmin } from '../sessions/sessions.repository';
import {
  findAdminByEmail,
  findAdminDetail,
  findAdminDetailIncludingDeleted,
  insertAdmin,
  isUniqueViolation,
  lockActiveAdmins,
  lockAdmin,
  updateAdmin,
  vaultLocationExists,
} from '../admins/admins.repository';
import { hashPassword, passwordPolicyViolation } from '../admins/passwords';
import { normalisePhoneNumber } from '../admins/phone-number';

/** The server's password policy, as a 400 naming the field. */
export function checkPasswordPolicy(password: string, userInputs: string[], field = 'body.password') {
  const violation = passwordPolicyViolation(password, userInputs);
  if (violation) throw badRequest(`${field}: ${violation}`);
}

const emailTaken = (email: string) => conflict(`body.email: an admin with the e-mail ${email} already exists`);

async function detailOrFail(db: Database, id: number): Promise<AdminDetail> {
  const detail = await findAdminDetailIncludingDeleted(db, id);
  if (!detail) throw notFound(`Admin ${id} not found`);
  return detail;
}

export async function getAdmin(db: Database, id: number): Promise<AdminDetail> {
  const detail = await findAdminDetail(db, id);
  if (!detail) throw notFound(`Admin ${id} not found`);
  return detail;
}

/**
 * A role's location, checked: a Teller works at exactly one vault location (that exists), the other
 * roles at every location (none stored).
 */
async function checkedLocation(db: Database, role: AdminRole, locationId: number | null): Promise<number | null> {
  if (role === 'Teller' && locationId === null) throw badRequest('body.locationId: a Teller needs a vault location');
  if (role !== 'Teller' && locationId !== null)
    throw badRequest(`body.locationId: only a Teller has a vault location (a ${role} works at every location)`);
  if (locationId !== null && !(await vaultLocationExists(db, locationId)))
    throw badRequest(`body.locationId: vault location ${locationId} does not exist`);
  return locationId;
}

/**
 * Add Admin: the role chosen (Administrator when the spec's body names none), a Teller's location,
 * e-mail unique regardless of case, phone in E.164, password by the policy.
 */
export async function addAdmin(db: Database, keys: SecondFactorKeys, actor: Actor, body: AddAdminBody): Promise<AdminDetail> {
  // The contract already compared the passwords (when both were sent); repeated here so no caller can skip it.
  if (body.confirmPassword !== undefined && body.password !== body.confirmPassword) {
    throw badRequest('body.confirmPassword: Password is Not Match');
  }
  const phoneNumber = normalisePhoneNumber(body.phoneNumber, 'body.phoneNumber');
  const role = body.role ?? 'Administrator';
  const locationId = await checkedLocation(db, role, body.locationId ?? null);
  checkPasswordPolicy(body.password, [body.fullname, body.email]);
  if (await findAdminByEmail(db, body.email)) throw emailTaken(body.email);
  // A new admin is a new way in: only from the admin at the keyboard, not from a stolen session.
  await requireReauthentication(db, keys, actor, body.reauth);
  const passwordHash = await hashPassword(body.password);
  const status = body.status ?? 'Activated';
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const admin = await insertAdmin(tx, {
        fullName: body.fullname,
        email: body.email,
        phoneNumber,
        passwordHash,
        status,
        role,
        locationId,
      });
      await recordAudit(tx, {
        adminId: actor.admin.id,
        action: 'admin.add',
        entity: 'admin',
        entityId: admin.id,
        toState: status,
        details: { after: { fullName: admin.fullName, email: admin.email, phoneNumber, status, role: admin.role, locationId } },
        ipAddress: actor.ipAddress,
      });
      return admin.id;
    });
  } catch (error) {
    // Another request took the e-mail between the check and the insert.
    if (isUniqueViolation(error)) throw emailTaken(body.email);
    throw error;
  }
  return detailOrFail(db, id);
}

/**
 * View Admin Detail's 'Update Information': the status, a new password when given, and the role and
 * a Teller's location when given. A new password or role needs the editing admin's re-authentication.
 * Deactivating, a new password, role or location ends the admin's sessions (its next request meets the
 * new rights at sign-in). Nobody deactivates themselves or changes their own role; the last active
 * admin stays active and the last active Administrator stays one.
 */
export async function editAdmin(db: Database, keys: SecondFactorKeys, actor: Actor, id: number, body: EditAdminBody): Promise<AdminDetail> {
  const password = body.password ?? '';
  if (password !== (body.confirmPassword ?? '')) throw badRequest('body.confirmPassword: Password is Not Match');
  const target = await findAdminDetail(db, id);
  if (!target) throw notFound(`Admin ${id} not found`);
  if (body.status === 'Not Activated' && id === actor.admin.id) throw conflict('You cannot deactivate your own account');
  // Your own password changes only with the current one (Profile): a stolen session must not set it.
  if (password !== '' && id === actor.admin.id)
    throw badRequest('body.password: change your own password in Profile, with your current password');
  const role = body.role ?? target.role;
  // Rights are granted by someone else: an admin who could raise their own would need no one.
  if (role !== target.role && id === actor.admin.id) throw conflict('You cannot change your own role');
  // Left out, a Teller keeps their location and another role has none.
  const requestedLocation = body.locationId !== undefined ? body.locationId : role === 'Teller' ? target.locationId : null;
  const locationId = await checkedLocation(db, role, requestedLocation);
  if (password !== '') checkPasswordPolicy(password, [target.fullName, target.email]);
  // Another admin's password and anyone's rights change only from the admin at the keyboard.
  if (password !== '' || role !== target.role) await requireReauthentication(db, keys, actor, body.reauth);
  const passwordHash = password !== '' ? await hashPassword(password) : null;

  await db.transaction(async (tx) => {
    // Active admins first, in id order, then the target: every edit and delete locks in this order.
    const active = await lockActiveAdmins(tx);
    const row = await lockAdmin(tx, id);
    if (!row) throw notFound(`Admin ${id} not found`);
    const deactivating = row.status === 'Activated' && body.status === 'Not Activated';
    if (deactivating && active.length <= 1) throw conflict('Cannot deactivate the last active admin');
    refuseLosingLastAdministrator(active, row, body.status === 'Not Activated' || role !== 'Administrator', 'change or deactivate');
    const roleChanged = row.role !== role;
    const locationChanged = row.locationId !== locationId;
    if (row.status === body.status && !passwordHash && !roleChanged && !locationChanged) return;
    await updateAdmin(tx, id, {
      status: body.status,
      role,
      locationId,
      ...(passwordHash ? { passwordHash, passwordChanged: true } : {}),
    });
    let endedSessions = 0;
    if (body.status === 'Not Activated') endedSessions = await endSessionsOfAdmin(tx, id);
    else if (passwordHash || roleChanged || locationChanged)
      endedSessions = await endSessionsOfAdmin(tx, id, id === actor.admin.id ? actor.sessionTokenHash : null);
    await recordAudit(tx, {
      adminId: actor.admin.id,
      action: 'admin.edit',
      entity: 'admin',
      entityId: id,
      fromState: row.status,
      toState: body.status,
      details: {
        before: { status: row.status, role: row.role, locationId: row.locationId },
        after: { status: body.status, role, locationId },
        passwordChanged: passwordHash !== null,
        endedSessions,
      },
      ipAddress: actor.ipAddress,
    });
  });
  return detailOrFail(db, id);
}

/**
 * Someone must always be able to manage admins and settings: a change that would leave no active
 * Administrator is refused (the active admins are locked, so two such changes at once cannot both pass).
 */
function refuseLosingLastAdministrator(
  active: Array<{ id: number; role: AdminRole }>,
  row: { id: number; status: string; role: AdminRole },
  losesIt: boolean,
  what: string,
) {
  if (!losesIt || row.status !== 'Activated' || row.role !== 'Administrator') return;
  const administrators = active.filter((admin) => admin.role === 'Administrator' && admin.id !== row.id);
  if (administrators.length === 0)
    throw conflict(`Cannot ${what} the last active Administrator: make another admin an Administrator first`);
}

/** Delete: deactivates and hides the admin; its audit history stays. Not yourself, not the last active admin. */
export async function deleteAdmin(db: Database, actor: Actor, id: number): Promise<AdminDetail> {
  if (id === actor.admin.id) throw conflict('You cannot delete your own account');
  await db.transaction(async (tx) => {
    const active = await lockActiveAdmins(tx);
    const row = await lockAdmin(tx, id);
    if (!row) throw notFound(`Admin ${id} not found`);
    if (row.status === 'Activated' && active.length <= 1) throw conflict('Cannot delete the last active admin');
    refuseLosingLastAdministrator(active, row, true, 'delete');
    await updateAdmin(tx, id, { status: 'Not Activated', deleted: true });
    const endedSessions = await endSessionsOfAdmin(tx, id);
    await recordAudit(tx, {
      adminId: actor.admin.id,
      action: 'admin.delete',
      entity: 'admin',
      entityId: id,
      fromState: row.status,
      toState: 'Deleted',
      details: { before: { fullName: row.fullName, email: row.email, status: row.status }, endedSessions },
      ipAddress: actor.ipAddress,
    });
  });
  return detailOrFail(db, id);
}

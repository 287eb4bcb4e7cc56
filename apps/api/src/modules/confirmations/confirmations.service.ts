import { sql } from 'drizzle-orm';
import type { Confirmation, Reauthentication } from '@gold/contract';
import type { AppDeps } from '../../app-deps';
import { selectRows, type Executor } from '../../db/client';
import { redemptions, vaultConfirmations } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/http-errors';
import { recordAudit } from '../audit/audit.repository';
import type { Actor } from '../identity/sessions/actor';
import { requireReauthentication } from '../identity/two-factor/reauthentication';
import { secondFactorKeys } from '../identity/two-factor/second-factor-keys';
import { publishEvent } from '../live-updates/live-updates.repository';
import { confirmHandOver } from '../redemptions/hand-over-confirmation';
import { recordReserveSnapshot } from '../reserves/reserves.service';
import { executeVaultConfirmation } from '../vault/vault-ledger.service';
import { findConfirmation, lockConfirmation } from './confirmations.repository';

const c = vaultConfirmations;

/**
 * The checker's side of four eyes. Confirm runs the proposal in ONE transaction with the
 * confirmation's status change: the executor locks and checks everything again (a piece gone, a
 * location left short of its reservations: 409 and nothing changes, the confirmation stays
 * pending). The maker can never decide their own proposal: refused here (403) and by the
 * database (CHECK checker_id <> maker_id), whichever session asks.
 */

type Decided = 'confirmed' | 'declined' | 'withdrawn';

async function lockPending(tx: Executor, id: number, verb: string) {
  const confirmation = await lockConfirmation(tx, id);
  if (!confirmation) throw notFound(`Confirmation ${id} not found`);
  if (confirmation.status !== 'pending') throw conflict(`Cannot ${verb} confirmation ${id}: it is ${confirmation.status} already`);
  return confirmation;
}

function refuseOwn(confirmation: { id: number; makerId: number }, adminId: number, verb: string): void {
  if (confirmation.makerId === adminId) {
    throw forbidden(`Cannot ${verb} confirmation ${confirmation.id}: you proposed it; another admin must ${verb} it (four eyes)`);
  }
}

/** Before the password is asked: an unknown, decided or own confirmation is refused without spending a try. */
async function precheck(deps: AppDeps, id: number, adminId: number, verb: string): Promise<void> {
  const found = await findConfirmation(deps.db, id);
  if (!found) throw notFound(`Confirmation ${id} not found`);
  if (found.status !== 'pending') throw conflict(`Cannot ${verb} confirmation ${id}: it is ${found.status} already`);
  refuseOwn({ id, makerId: found.maker.id }, adminId, verb);
}

async function decide(
  tx: Executor,
  id: number,
  status: Decided,
  actor: Actor,
  extra: { checkerId: number | null; declineReason?: string; details?: Record<string, unknown> },
): Promise<void> {
  await tx.execute(
    sql`update ${c} set status = ${status}, checker_id = ${extra.checkerId}, decline_reason = ${extra.declineReason ?? null},
               decided_at = now() where ${c.id} = ${id}`,
  );
  await recordAudit(tx, {
    adminId: actor.admin.id,
    ipAddress: actor.ipAddress,
    action: status === 'confirmed' ? 'confirmation.confirm' : status === 'declined' ? 'confirmation.decline' : 'confirmation.withdraw',
    entity: 'vault_confirmation',
    entityId: id,
    fromState: 'pending',
    toState: status,
    details: { ...(extra.declineReason ? { reason: extra.declineReason } : {}), ...extra.details },
  });
}

/** A hand-over's redemption changed for the console (its pending confirmation went). */
async function announceRedemption(tx: Executor, redemptionId: number | null): Promise<void> {
  if (redemptionId === null) return;
  const [row] = await selectRows<{ status: 'REQUESTED' }>(tx, sql`select status from ${redemptions} where id = ${redemptionId}`);
  if (row) await publishEvent(tx, { type: 'redemption.changed', redemptionId, status: row.status });
}

export async function confirmConfirmation(deps: AppDeps, actor: Actor, id: number, reauth: Reauthentication): Promise<Confirmation> {
  const checkerId = actor.admin.id;
  await precheck(deps, id, checkerId, 'confirm');
  await requireReauthentication(deps.db, secondFactorKeys(deps.otpKey), actor, reauth);
  await deps.db.transaction(async (tx) => {
    const confirmation = await lockPending(tx, id, 'confirm');
    refuseOwn(confirmation, checkerId, 'confirm');
    await decide(tx, id, 'confirmed', actor, { checkerId, details: { kind: confirmation.kind } });
    if (confirmation.kind === 'hand_over') {
      if (confirmation.redemptionId === null) throw conflict(`Confirmation ${id} names no redemption`);
      // Locks, checks, assigns the serials, queues the burn and announces the redemption (its events last).
      await confirmHandOver(tx, deps, { id, makerId: confirmation.makerId, redemptionId: confirmation.redemptionId }, checkerId);
    } else {
      const denominationIds = await executeVaultConfirmation(tx, confirmation.kind, confirmation.payload, {
        confirmationId: id,
        makerId: confirmation.makerId,
        checkerId,
      });
      const removes =
        confirmation.kind === 'write_off' ||
        (confirmation.kind === 'count_adjustment' && ((confirmation.payload.missing as unknown[] | undefined)?.length ?? 0) > 0);
      if (confirmation.kind !== 'transfer') {
        // Grams in the vault changed: a reserves snapshot (and a crossing of 100%, audited) commits with them.
        await recordReserveSnapshot(tx, {
          reason: removes ? 'stock-removed' : 'stock-added',
          adminId: checkerId,
          ipAddress: actor.ipAddress,
        });
      }
      for (const denominationId of denominationIds) await publishEvent(tx, { type: 'stock.changed', denominationId });
    }
    await publishEvent(tx, { type: 'confirmations.changed', confirmationId: id });
  });
  return (await findConfirmation(deps.db, id))!;
}

export async function declineConfirmation(
  deps: AppDeps,
  actor: Actor,
  id: number,
  reauth: Reauthentication,
  reason: string,
): Promise<Confirmation> {
  const checkerId = actor.admin.id;
  await precheck(deps, id, checkerId, 'decline');
  await requireReauthentication(deps.db, secondFactorKeys(deps.otpKey), actor, reauth);
  await deps.db.transaction(async (tx) => {
    const confirmation = await lockPending(tx, id, 'decline');
    refuseOwn(confirmation, checkerId, 'decline');
    await decide(tx, id, 'declined', actor, { checkerId, declineReason: reason, details: { kind: confirmation.kind } });
    await announceRedemption(tx, confirmation.redemptionId);
    await publishEvent(tx, { type: 'confirmations.changed', confirmationId: id });
  });
  return (await findConfirmation(deps.db, id))!;
}

/** The maker takes back their own proposal (no one else may). */
export async function withdrawConfirmation(deps: AppDeps, actor: Actor, id: number): Promise<Confirmation> {
  await deps.db.transaction(async (tx) => {
    const confirmation = await lockPending(tx, id, 'withdraw');
    if (confirmation.makerId !== actor.admin.id) {
      throw forbidden(`Cannot withdraw confirmation ${id}: only the admin who proposed it may withdraw it`);
    }
    await decide(tx, id, 'withdrawn', actor, { checkerId: null, details: { kind: confirmation.kind } });
    await announceRedemption(tx, confirmation.redemptionId);
    await publishEvent(tx, { type: 'confirmations.changed', confirmationId: id });
  });
  return (await findConfirmation(deps.db, id))!;
}

import type { Executor } from '../../db/client';
import { conflict } from '../../lib/http-errors';
import { recordAudit } from '../audit/audit.repository';
import { publishEvent } from '../live-updates/live-updates.repository';
import { recordReserveSnapshot } from '../reserves/reserves.service';
import type { SettlementAddresses } from '../settlement/settlement-addresses';
import { queueHandOverSettlement } from '../settlement/settlement.service';
import { assignPiecesForHandOver } from '../vault/vault-ledger';
import { lockStockForHandOver } from '../vault/vault.service';
import { currentIdentityCheck } from './counter.repository';
import { clearOtp, lockCustomerKyc, setStatus } from './redemptions.repository';

/**
 * What must hold at the moment gold leaves the vault, whoever's hand it is (the approving teller,
 * or the second admin confirming a large hand-over): the customer's eKYC VERIFIED (its row
 * share-locked until the transaction ends) and the document checked at the counter. Answers the
 * identity check's id, named in the approval's audit entry and so on the receipt.
 */
export async function requireCounterChecks(tx: Executor, redemptionId: number, verb: string): Promise<number> {
  const ekycStatus = await lockCustomerKyc(tx, redemptionId);
  if (ekycStatus !== 'VERIFIED') {
    throw conflict(
      `Cannot ${verb}: the customer's eKYC status is ${ekycStatus}; gold is handed over only to customers whose eKYC is VERIFIED`,
    );
  }
  const identity = await currentIdentityCheck(tx, redemptionId);
  if (!identity) {
    throw conflict(`Cannot ${verb}: no identity document has been checked at the counter for this redemption: record the check first`);
  }
  return identity.id;
}

export interface HandOver {
  redemptionId: number;
  /** The status it leaves (PREPARATION: the caller locked the redemption and checked it). */
  from: 'PREPARATION';
  /** The admin who approved it (the maker, when a second admin confirms it). */
  approverId: number;
  /** The second admin, for a hand-over above the confirmation threshold; null when approved alone. */
  checkerId: number | null;
  confirmationId: number | null;
  identityCheckId: number;
  ipAddress: string | null;
  settlement: SettlementAddresses | undefined;
}

/**
 * The hand-over itself, in the caller's transaction (the redemption locked, the lifecycle, code and
 * counter checks passed): locks and checks the stock, assigns the serials of the pieces that leave,
 * queues the burn of the escrowed tokens and the fee, sets REDEEMED, ends any code, writes the
 * audit entry (the approver as its admin, the confirmer in its details), a reserves snapshot and
 * the live updates (last: their lock must be the transaction's last).
 */
export async function handOver(tx: Executor, h: HandOver): Promise<void> {
  const lines = await lockStockForHandOver(tx, h.redemptionId);
  const pieces = await assignPiecesForHandOver(tx, h.redemptionId, {
    makerId: h.approverId,
    checkerId: h.checkerId,
    confirmationId: h.confirmationId,
  });
  const queued = await queueHandOverSettlement(tx, h.redemptionId, h.settlement, h.approverId);
  await setStatus(tx, h.redemptionId, 'REDEEMED', null);
  await clearOtp(tx, h.redemptionId);
  await recordAudit(tx, {
    adminId: h.approverId,
    ipAddress: h.ipAddress,
    action: 'redemption.approve',
    entity: 'redemption',
    entityId: h.redemptionId,
    fromState: h.from,
    toState: 'REDEEMED',
    details: {
      pieces: lines.map((l) => ({ denom: l.denom, amount: l.requested })),
      serials: pieces.map((p) => p.serial),
      identityCheckId: h.identityCheckId,
      ...(h.checkerId !== null ? { confirmedBy: h.checkerId, confirmationId: h.confirmationId } : {}),
      burnId: queued.burnId,
      feeId: queued.feeId,
      escrowTxHash: queued.escrowTxhash,
    },
  });
  // Pieces left the vault: a reserves snapshot (and an under-backed crossing, audited) commits with the hand-over.
  await recordReserveSnapshot(tx, { reason: 'approval', adminId: h.checkerId ?? h.approverId, ipAddress: h.ipAddress });
}

/** After a hand-over: every open list and detail refreshes, and the settlement views see the queued burn. */
export async function announceHandOver(tx: Executor, redemptionId: number): Promise<void> {
  await publishEvent(tx, { type: 'redemption.changed', redemptionId, status: 'REDEEMED' });
  await publishEvent(tx, { type: 'settlement.changed', redemptionId });
}

import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import { conflict, notFound } from '../../lib/http-errors';
import { settlementAddresses } from '../settlement/settlement-addresses';
import { announceHandOver, handOver, requireCounterChecks } from './hand-over';
import { lockRedemption } from './redemptions.repository';

/**
 * The second admin confirms a hand-over above HANDOVER_CONFIRMATION_GRAMS (the confirmations
 * module calls this in the confirmation's transaction, after checking the checker is not the
 * maker; the database refuses it too). The hand-over runs exactly as an approve would: the
 * redemption must still be PREPARATION, the customer's eKYC VERIFIED and the identity check in
 * place; the stock is locked and checked again (it may have gone meanwhile), the serials
 * assigned, the burn queued, the status set REDEEMED, and the audit entry credits the maker as
 * approver and the checker as confirmer. The one-time code was checked when the maker proposed
 * it: the customer is not asked for a new one. A refusal throws: the confirmation's transaction
 * rolls back and the confirmation stays pending (the checker may decline it).
 */
export async function confirmHandOver(
  tx: Executor,
  deps: AppDeps,
  confirmation: { id: number; makerId: number; redemptionId: number },
  checkerId: number,
): Promise<void> {
  const { redemptionId } = confirmation;
  const redemption = await lockRedemption(tx, redemptionId);
  if (!redemption) throw notFound(`Redemption ${redemptionId} not found`);
  if (redemption.status !== 'PREPARATION') {
    throw conflict(`Cannot confirm the hand-over: redemption ${redemptionId} is ${redemption.status}, no longer PREPARATION`);
  }
  const identityCheckId = await requireCounterChecks(tx, redemptionId, 'confirm the hand-over');
  await handOver(tx, {
    redemptionId,
    from: 'PREPARATION',
    approverId: confirmation.makerId,
    checkerId,
    confirmationId: confirmation.id,
    identityCheckId,
    ipAddress: null,
    // The demo chain may start after the app: its default addresses apply once it runs.
    settlement: settlementAddresses(deps.config, Boolean(deps.chain?.()?.demo)),
  });
  await announceHandOver(tx, redemptionId);
}

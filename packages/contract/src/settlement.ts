import { z } from 'zod';
import { exactDecimal } from './reserves';

/**
 * Settlement: a redemption's tokens and its gold move together (docs/decisions.md, "Settlement").
 * The customer escrows total + fee to the platform's escrow address; a final escrow moves the
 * redemption to PREPARATION; the hand-over queues the burn of the total and the fee's move to the
 * treasury; a rejection queues the refund of a held escrow.
 */

/** What a signed token movement does: burn a handed-over redemption's total, move its fee to the treasury, refund a deposit. */
export const chainTransactionKinds = ['burn', 'fee', 'refund'] as const;
export type ChainTransactionKind = (typeof chainTransactionKinds)[number];

/**
 * queued: decided, not yet signed. signed: nonce assigned and signed bytes stored, not yet
 * accepted by a node. sent: broadcast (mined or not; mined ones carry their block). final: mined
 * at or below the finalized block. failed: reverted at final depth, or refused before anything
 * was broadcast; an admin may retry it (a new transaction).
 */
export const chainTransactionStates = ['queued', 'signed', 'sent', 'final', 'failed'] as const;
export type ChainTransactionState = (typeof chainTransactionStates)[number];

/** How a held escrow deposit left the escrow: burned with its redemption's hand-over, or refunded. */
export const escrowReleases = ['burn', 'refund'] as const;
export type EscrowRelease = (typeof escrowReleases)[number];

/** Why a deposit into the escrow address matched no redemption. */
export const escrowUnmatchedReasons = ['unknown-wallet', 'no-open-request', 'amount-differs'] as const;
export type EscrowUnmatchedReason = (typeof escrowUnmatchedReasons)[number];

/** Audit actions of settlement (the backend's and the operators'). */
export const settlementAuditActions = [
  'redemption.escrow-confirmed',
  'settlement.refund-queued',
  'settlement.transaction-retried',
] as const;

/** Settlement events for webhooks and live updates: escrow seen and final, burn / refund sent and final. */
export const settlementEventTypes = [
  'settlement.escrow_seen',
  'settlement.escrow_final',
  'settlement.burn_sent',
  'settlement.burn_final',
  'settlement.refund_sent',
  'settlement.refund_final',
] as const;
export type SettlementEventType = (typeof settlementEventTypes)[number];

/** A redemption's settlement as its detail shows it: the escrow that holds its tokens and what was signed for it. */
export const redemptionSettlement = z.object({
  escrow: z
    .object({
      depositId: z.number().int().positive(),
      txhash: z.string(),
      amount: exactDecimal,
      final: z.boolean(),
      release: z.enum(escrowReleases).nullable(),
    })
    .nullable(),
  transactions: z.array(
    z.object({
      id: z.number().int().positive(),
      kind: z.enum(chainTransactionKinds),
      state: z.enum(chainTransactionStates),
      amount: exactDecimal,
      txHash: z.string().nullable(),
      lastError: z.string().nullable(),
    }),
  ),
});
export type RedemptionSettlement = z.infer<typeof redemptionSettlement>;

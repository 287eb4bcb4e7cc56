import { z } from 'zod';
import { listQuery, pageOf } from './list';
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

/**
 * What the reconciliation checks, one kind per difference:
 * - redemption-not-burned: a REDEEMED or ON_WEB2 redemption has no final burn of its total (none
 *   queued, or its burn is not final yet: in flight);
 * - burn-amount-differs: its burn (queued or final) is of another amount than its total;
 * - burn-not-indexed: its burn is final for the signer but no final BURN transfer of that hash
 *   and amount was indexed (pending in the index: in flight);
 * - deposit-unmatched: a deposit into the escrow that no redemption took, not refunded;
 * - rejected-not-refunded: the deposit of a REJECTED redemption, not refunded;
 * - burn-unrecorded: a burn from the escrow address on chain that no chain transaction sent;
 * - transaction-failed: a chain transaction that failed and was not retried.
 */
export const reconciliationKinds = [
  'redemption-not-burned',
  'burn-amount-differs',
  'burn-not-indexed',
  'deposit-unmatched',
  'rejected-not-refunded',
  'burn-unrecorded',
  'transaction-failed',
] as const;
export type ReconciliationKind = (typeof reconciliationKinds)[number];

/** Which items to list: real differences, those only in flight (queued, signed, sent, pending: not final yet), or both. */
export const reconciliationViews = ['all', 'differences', 'in-flight'] as const;
export type ReconciliationView = (typeof reconciliationViews)[number];

/** One difference, with what it concerns and its age: since the event that made it one (the hand-over, the deposit, the failure...). */
export const reconciliationItem = z.object({
  /** The item's stable key: its kind and the id of what it concerns ('deposit-unmatched:12'). */
  id: z.string(),
  kind: z.enum(reconciliationKinds),
  /** true: it resolves by itself once the chain transaction or transfer is final; false: an operator must act. */
  inFlight: z.boolean(),
  redemptionId: z.number().int().positive().nullable(),
  depositId: z.number().int().positive().nullable(),
  /** The chain transaction (the signer's outbox row) it concerns. */
  transactionId: z.number().int().positive().nullable(),
  txHash: z.string().nullable(),
  /** What should have moved (the redemption's total, the deposit), and what did (the burn's amount), exact. */
  expected: exactDecimal.nullable(),
  actual: exactDecimal.nullable(),
  /** ISO-8601 UTC: when it became a difference; ageSeconds: how long ago. */
  since: z.string(),
  ageSeconds: z.number().int().nonnegative(),
});
export type ReconciliationItem = z.infer<typeof reconciliationItem>;

/** GET /admin/settlement/reconciliation: oldest first by default, paged in the database. */
export const reconciliationListQuery = listQuery({
  sort: ['since'] as const,
  defaultSort: 'since',
  defaultOrder: 'asc',
  filters: { view: z.enum(reconciliationViews).default('all'), kind: z.enum(reconciliationKinds).optional() },
});
export type ReconciliationListQuery = z.infer<typeof reconciliationListQuery>;
export const reconciliationListResponse = pageOf(reconciliationItem);
export type ReconciliationListResponse = z.infer<typeof reconciliationListResponse>;

/** GET /admin/export/reconciliation.csv: the list's filters and order, every item. */
export const reconciliationExportQuery = z.strictObject({
  sort: reconciliationListQuery.shape.sort,
  order: reconciliationListQuery.shape.order,
  view: reconciliationListQuery.shape.view,
  kind: reconciliationListQuery.shape.kind,
});
export type ReconciliationExportQuery = z.infer<typeof reconciliationExportQuery>;

/** GET /admin/settlement/reconciliation/summary: how many differences and items in flight of each kind. */
export const reconciliationSummary = z.object({
  differences: z.number().int().nonnegative(),
  inFlight: z.number().int().nonnegative(),
  kinds: z.array(
    z.object({ kind: z.enum(reconciliationKinds), differences: z.number().int().nonnegative(), inFlight: z.number().int().nonnegative() }),
  ),
});
export type ReconciliationSummary = z.infer<typeof reconciliationSummary>;

/** Which deposits to list: unmatched and not released (an operator's to refund), every held one, or all. */
export const escrowDepositViews = ['unmatched', 'held', 'all'] as const;
export type EscrowDepositView = (typeof escrowDepositViews)[number];

/** A deposit into the escrow address as the console lists it. */
export const escrowDeposit = z.object({
  id: z.number().int().positive(),
  txhash: z.string(),
  from: z.string(),
  amount: exactDecimal,
  /** The transfer is at final depth (a pending one may still vanish with a reorganisation). */
  final: z.boolean(),
  redemptionId: z.number().int().positive().nullable(),
  unmatchedReason: z.enum(escrowUnmatchedReasons).nullable(),
  release: z.enum(escrowReleases).nullable(),
  releasedAt: z.string().nullable(),
  /** Its refund's chain transaction (the latest), if one was queued. */
  refund: z.object({ id: z.number().int().positive(), state: z.enum(chainTransactionStates), txHash: z.string().nullable() }).nullable(),
  createdAt: z.string(),
});
export type EscrowDeposit = z.infer<typeof escrowDeposit>;

/** GET /admin/settlement/deposits: newest first, paged in the database. */
export const escrowDepositListQuery = listQuery({
  sort: ['createdAt'] as const,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: { view: z.enum(escrowDepositViews).default('unmatched') },
});
export type EscrowDepositListQuery = z.infer<typeof escrowDepositListQuery>;
export const escrowDepositListResponse = pageOf(escrowDeposit);
export type EscrowDepositListResponse = z.infer<typeof escrowDepositListResponse>;

/** A row of the signer's outbox as the console lists it. */
export const chainTransaction = z.object({
  id: z.number().int().positive(),
  kind: z.enum(chainTransactionKinds),
  state: z.enum(chainTransactionStates),
  redemptionId: z.number().int().positive().nullable(),
  depositId: z.number().int().positive().nullable(),
  to: z.string(),
  amount: exactDecimal,
  nonce: z.number().int().nonnegative().nullable(),
  txHash: z.string().nullable(),
  broadcasts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  /** The failed transaction this one retries, and the one that retried this one. */
  retryOf: z.number().int().positive().nullable(),
  retriedBy: z.number().int().positive().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finalAt: z.string().nullable(),
});
export type ChainTransaction = z.infer<typeof chainTransaction>;

/** GET /admin/settlement/transactions: newest first, paged in the database, filtered by state and kind. */
export const chainTransactionListQuery = listQuery({
  sort: ['createdAt'] as const,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: { state: z.enum(chainTransactionStates).optional(), kind: z.enum(chainTransactionKinds).optional() },
});
export type ChainTransactionListQuery = z.infer<typeof chainTransactionListQuery>;
export const chainTransactionListResponse = pageOf(chainTransaction);
export type ChainTransactionListResponse = z.infer<typeof chainTransactionListResponse>;

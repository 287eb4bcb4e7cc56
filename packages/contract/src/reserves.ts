import { z } from 'zod';
import { listQuery, pageOf } from './list';
import { stockAtLocation } from './vault';

/**
 * Proof of reserves. Every amount is exact decimal text without trailing zeros ("150",
 * "0.25"), never a binary float: tokens outstanding (1 token = 1 gram), grams in the vault and
 * reserved grams. Coverage is vault grams / tokens outstanding in percent, cut (never rounded up)
 * to 4 decimals, so it never shows 100% for a vault that is short by a milligram; `backed` is the
 * exact comparison.
 */
export const exactDecimal = z.string().regex(/^\d+(\.\d+)?$/, 'must be a non-negative decimal number');

/** Why a snapshot was written: the watcher's first reading, a mint or burn, stock added, an approval, stock written off or missing at a count. */
export const reserveSnapshotReasons = ['start', 'mint-burn', 'stock-added', 'approval', 'stock-removed'] as const;
export type ReserveSnapshotReason = (typeof reserveSnapshotReasons)[number];

/** The figures of one reading (live, or a stored snapshot). */
export const reserveFigures = z.object({
  /** Tokens outstanding: totalSupply() / 10^decimals at `blockNumber`. */
  supply: exactDecimal,
  /** Grams in the vault: the sum over denominations of grams x available pieces (stock minus REDEEMED pieces). */
  vaultGrams: exactDecimal,
  /** Grams asked for by REQUESTED and PREPARATION redemptions (still in the vault). */
  reservedGrams: exactDecimal,
  /**
   * Tokens whose burn was queued for a hand-over (its gold already left the vault, or went out
   * off-platform) and had not landed by `blockNumber`: no longer a claim on the vault. Absent on
   * readings made before settlement existed (read as "0").
   */
  burnsInFlight: exactDecimal.optional(),
  /** Tokens held in the escrow address for redemptions (final deposits not yet burned or refunded): part of the supply, shown beside it. */
  escrowHeld: exactDecimal.optional(),
  /** vaultGrams / (supply - burnsInFlight) x 100, cut to 4 decimals; null when no token is outstanding. */
  coveragePercent: exactDecimal.nullable(),
  /** vaultGrams >= supply - burnsInFlight: a hand-over whose burn is in flight shows no false under-backing. */
  backed: z.boolean(),
  /** supply - burnsInFlight - vaultGrams when under-backed, else "0". */
  shortfallGrams: exactDecimal,
  /** The block the supply was read at, and its time (ISO-8601 UTC). */
  blockNumber: z.number().int().nonnegative(),
  blockTime: z.string(),
});
export type ReserveFigures = z.infer<typeof reserveFigures>;

/**
 * GET /admin/reserves. `live`: read from the chain now. `stale`: the chain cannot be read; the last
 * good reading (`readAt`, `ageSeconds` old) and why. `unavailable`: no reading was ever made.
 */
export const reservesResponse = z.object({
  status: z.enum(['live', 'stale', 'unavailable']),
  /** Why the reading is not live (the chain node does not answer...); null when live. */
  message: z.string().nullable(),
  reading: reserveFigures.nullable(),
  /** When the reading was made (ISO-8601 UTC) and how old it is. */
  readAt: z.string().nullable(),
  ageSeconds: z.number().int().nonnegative().nullable(),
  /** Per vault location, now (from the vault ledger, not the reading): pieces and grams in the vault and reserved there. */
  byLocation: z.array(stockAtLocation.extend({ vaultGrams: exactDecimal, reservedGrams: exactDecimal })),
});
export type ReservesResponse = z.infer<typeof reservesResponse>;

/** One stored snapshot: its figures, why and when it was written. */
export const reserveSnapshot = reserveFigures.extend({
  id: z.number().int().positive(),
  createdAt: z.string(),
  reason: z.enum(reserveSnapshotReasons),
});
export type ReserveSnapshot = z.infer<typeof reserveSnapshot>;

/** GET /admin/reserves/history: newest first, paged in the database. */
export const reserveHistoryQuery = listQuery({ sort: ['createdAt'] as const, defaultSort: 'createdAt', defaultOrder: 'desc' });
export type ReserveHistoryQuery = z.infer<typeof reserveHistoryQuery>;

export const reserveHistoryResponse = pageOf(reserveSnapshot);
export type ReserveHistoryResponse = z.infer<typeof reserveHistoryResponse>;

/** GET /admin/export/reserves.csv: the history's sort and order, every snapshot. */
export const reserveExportQuery = z.strictObject({
  sort: reserveHistoryQuery.shape.sort,
  order: reserveHistoryQuery.shape.order,
});
export type ReserveExportQuery = z.infer<typeof reserveExportQuery>;

/** Audit actions of a crossing of 100% coverage (each written once per crossing). */
export const reserveAuditActions = ['reserves.under-backed', 'reserves.backed'] as const;

import { z } from 'zod';
import { tokenAmount } from './redemptions';
import { identityCheck } from './vault';

/** One piece that left the vault for the redemption, as its serial was read at the hand-over. */
export const handedOverPiece = z.object({
  serial: z.string(),
  /** Grams a piece. */
  denom: z.number().int().positive(),
  refiner: z.string(),
  /** Parts per thousand (999.9). */
  fineness: z.number(),
  /** A serial generated when the vault's counts became pieces, not read off the bar: the receipt says so. */
  placeholder: z.boolean(),
});
export type HandedOverPiece = z.infer<typeof handedOverPiece>;

/**
 * GET /admin/redeem/{id}/receipt: what the hand-over receipt (Berita Acara Serah Terima Emas Fisik)
 * prints. Only a REDEEMED redemption has one (409 otherwise). The NIK leaves the server masked.
 */
export const handOverReceipt = z.object({
  redemptionId: z.number().int().positive(),
  customer: z.object({
    fullName: z.string(),
    /** Every digit but the last 4 replaced by '*'; null when the customer has no NIK. */
    nikMasked: z.string().nullable(),
  }),
  /** Largest denomination first: `amount` pieces of `denom` grams, `grams` = amount x denom. */
  pieces: z.array(
    z.object({ denom: z.number().int().positive(), amount: z.number().int().positive(), grams: z.number().int().positive() }),
  ),
  /** {product} = grams, exact decimal text. */
  totalGrams: tokenAmount,
  totalFee: tokenAmount,
  /** Collection day (YYYY-MM-DD, WIB) and the start hour of its 2-hour window. */
  appointmentDate: z.string(),
  timeSlot: z.number().int(),
  /** When the customer's one-time code was checked before the approval (ISO-8601 UTC). */
  codeCheckedAt: z.string().nullable(),
  /**
   * When it was approved and by whom, from the audit log; null for a redemption handed over before
   * the audit log kept approvals (imported or seeded history): its receipt says it was not recorded.
   */
  approvedAt: z.string().nullable(),
  approvedBy: z.object({ id: z.number().int().positive(), fullName: z.string() }).nullable(),
  /**
   * The second admin who confirmed a hand-over above the confirmation threshold, and when; null
   * for a hand-over approved alone (at or under the threshold, or before four eyes existed).
   */
  confirmedBy: z.object({ id: z.number().int().positive(), fullName: z.string() }).nullable(),
  confirmedAt: z.string().nullable(),
  /** Where the gold was handed over. */
  location: z.object({ id: z.number().int().positive(), code: z.string(), name: z.string() }),
  /**
   * The identity document the teller checked before the hand-over (type and last 4 characters
   * only); null for a hand-over before the counter recorded checks: the receipt says not recorded.
   */
  identityCheck: identityCheck.nullable(),
  /**
   * Every piece handed over, by serial (largest denomination first, then serial). Empty for a
   * redemption handed over before the vault kept pieces (seeded or imported history): the
   * receipt says no serials were recorded.
   */
  serials: z.array(handedOverPiece),
});
export type HandOverReceipt = z.infer<typeof handOverReceipt>;

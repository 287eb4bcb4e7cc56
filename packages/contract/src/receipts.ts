import { z } from 'zod';
import { tokenAmount } from './redemptions';

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
});
export type HandOverReceipt = z.infer<typeof handOverReceipt>;

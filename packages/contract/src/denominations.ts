import { z } from 'zod';
import { redemptionStatuses } from './enums';
import { listQuery, pageOf } from './list';
import { bodyId } from './redemptions';
import { confirmation, stockAtLocation } from './vault';

/**
 * A physical gold denomination of the vault (spec section 3) with its stock figures, counted in
 * the database: `amount` is every piece ever put in the vault, `redeemed` the pieces of REDEEMED
 * redemptions, `available` = amount - redeemed (the spec's formula), `reserved` the pieces asked
 * for by open (REQUESTED and PREPARATION) redemptions.
 */
export const denomination = z.object({
  id: z.number().int().positive(),
  /** Grams a piece. */
  denom: z.number().int().positive(),
  /** Stock: every piece ever put in the vault. */
  amount: z.number().int().nonnegative(),
  redeemable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  redeemed: z.number().int().nonnegative(),
  reserved: z.number().int().nonnegative(),
  available: z.number().int(),
  /**
   * The spec's field, aggregated: one entry per redemption status holding pieces of this
   * denomination, with the number of pieces (not one entry per redemption).
   */
  physicalGoldRedeems: z.array(
    z.object({ amount: z.number().int().nonnegative(), redeem: z.object({ status: z.enum(redemptionStatuses) }) }),
  ),
  /** Per vault location (every location): pieces in the vault there and reserved there; they add up to available and reserved. */
  byLocation: z.array(stockAtLocation),
});
export type Denomination = z.infer<typeof denomination>;

/** Denomination cards per page (spec section 9). */
export const denominationPageSize = 6;

/** GET /admin/denoms: largest first; a page with `limit` (the console shows 6), every denomination without it. */
export const denominationListQuery = listQuery({ sort: ['denom'] as const, defaultSort: 'denom', defaultOrder: 'desc' });
export type DenominationListQuery = z.infer<typeof denominationListQuery>;

/** GET /admin/denoms: `total` is the 'Recorded Denoms' count. */
export const denominationListResponse = pageOf(denomination);
export type DenominationListResponse = z.infer<typeof denominationListResponse>;

/** POST /admin/physicalgold/add: a new denom creates it with this stock; an existing one gets the pieces added. */
export const addPhysicalGoldBody = z.strictObject({
  denom: z
    .number()
    .int('denom must be a whole number of grams')
    .positive('denom must be a positive number of grams')
    .max(100_000, 'denom must be at most 100000 grams'),
  amount: z.number().int('amount must be a whole number').positive('amount must be positive').max(100_000, 'amount must be at most 100000'),
});
export type AddPhysicalGoldBody = z.infer<typeof addPhysicalGoldBody>;

/**
 * 'Denom added' (201): a new denom, created with no stock; its pieces wait for a second admin like
 * any receipt. 'Awaiting confirmation' (202): pieces of an existing denom proposed as a receipt at the
 * first location with placeholder serials; stock moves only when another admin confirms.
 * 'Amount added' is no longer answered (kept for older consoles).
 */
export const addPhysicalGoldResults = ['Denom added', 'Amount added', 'Awaiting confirmation'] as const;
export type AddPhysicalGoldResult = (typeof addPhysicalGoldResults)[number];

/** 201 with 'Denom added' for a new denom (and its receipt's confirmation), 202 with 'Awaiting confirmation' for an existing one. */
export const addPhysicalGoldResponse = z.object({
  result: z.enum(addPhysicalGoldResults),
  denomination,
  /** The receipt waiting for a second admin (GET /admin/confirmations). */
  confirmation: confirmation.optional(),
});
export type AddPhysicalGoldResponse = z.infer<typeof addPhysicalGoldResponse>;

/** POST /admin/physicalgold/setredeemable: whether customers may ask for this denomination. */
export const setRedeemableBody = z.strictObject({ id: bodyId, redeemable: z.boolean() });
export type SetRedeemableBody = z.infer<typeof setRedeemableBody>;

export const setRedeemableResponse = denomination;

import { z } from 'zod';
import { plainText } from './common';
import { ekycStatuses, genders, indonesianProvinces, kycNotificationStatuses, redemptionStatuses } from './enums';
import { tokenAmount } from './redemptions';

/**
 * The platform API (/api/platform/...): what the customer platform tells the back office, with a
 * Bearer credential. Every POST carries an Idempotency-Key.
 */

const id = z.number().int().positive().max(2_147_483_647);

/** Every platform POST: the same key with the same body answers the stored answer for 24 hours. */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(1, 'Idempotency-Key is required')
    .max(255, 'Idempotency-Key must be at most 255 characters')
    .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be visible ASCII characters'),
});

/** A positive exact amount of grams (1 {product} = 1 gram), at most 18 decimals. */
const grams = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,18})?$/, 'must be a decimal number of grams with at most 18 decimals')
  .refine((text) => /[1-9]/.test(text), 'must be more than zero');

const instant = (field: string) => z.iso.datetime({ offset: true, message: `${field} must be an ISO 8601 date and time with its offset` });

/** POST /platform/customers: registers a customer, or updates the one with this e-mail. */
export const platformCustomerBody = z.strictObject({
  email: z.email('email must be an e-mail address').max(254),
  fullName: plainText('fullName', { min: 1, max: 120 }),
  walletAddress: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'walletAddress must be a 0x-prefixed 20-byte hex address'),
  nik: z
    .string()
    .regex(/^[0-9]{16}$/, 'nik must be 16 digits')
    .optional(),
  phoneNumber: z
    .string()
    .regex(/^\+[1-9][0-9]{6,14}$/, 'phoneNumber must be in international form (+62...)')
    .optional(),
  dob: z.iso.date('dob must be a date (YYYY-MM-DD)').optional(),
  gender: z.enum(genders).optional(),
  province: z.enum(indonesianProvinces).optional(),
  address: plainText('address', { max: 300 }).optional(),
});
export type PlatformCustomerBody = z.infer<typeof platformCustomerBody>;

export const platformCustomer = z.object({
  id,
  email: z.string(),
  fullName: z.string(),
  walletAddress: z.string().nullable(),
  ekycStatus: z.enum(ekycStatuses),
  createdAt: z.string(),
});
export type PlatformCustomer = z.infer<typeof platformCustomer>;

export const platformCustomerParams = z.object({ customerId: z.coerce.number().int().positive().max(2_147_483_647) });

/** POST /platform/customers/{customerId}/kyc: the eKYC provider's result. */
export const platformKycBody = z.strictObject({
  status: z.enum(kycNotificationStatuses),
  referenceNumber: plainText('referenceNumber', { min: 1, max: 100 }),
});
export type PlatformKycBody = z.infer<typeof platformKycBody>;

export const platformKycResponse = z.object({ customer: platformCustomer, referenceNumber: z.string(), recordedAt: z.string() });

/** POST /platform/purchases: a paid order. */
export const platformPurchaseBody = z.strictObject({
  customerId: id,
  grams: grams,
  /** Whole rupiah per gram. */
  priceIdr: z.number().int().positive().max(1_000_000_000_000),
  paidAt: instant('paidAt'),
});
export type PlatformPurchaseBody = z.infer<typeof platformPurchaseBody>;

export const platformPurchase = z.object({
  id,
  customerId: id,
  grams: tokenAmount,
  priceIdr: z.number().int(),
  paidAt: z.string(),
  mintTxHash: z.string().nullable(),
  /** Whether the transfer watcher has seen a mint in that transaction. */
  mintSeen: z.boolean(),
});
export type PlatformPurchase = z.infer<typeof platformPurchase>;

export const platformPurchaseParams = z.object({ purchaseId: z.coerce.number().int().positive().max(2_147_483_647) });

/** POST /platform/purchases/{purchaseId}/mint: the mint transaction that delivered the purchase. */
export const platformPurchaseMintBody = z.strictObject({
  txHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'txHash must be a 0x-prefixed 32-byte hex hash'),
});

/** POST /platform/prices: the current selling and buy-back prices (whole rupiah per gram) and when the source set them. */
export const platformPriceBody = z
  .strictObject({
    sellingPrice: z.number().int().positive().max(1_000_000_000_000),
    buybackPrice: z.number().int().positive().max(1_000_000_000_000),
    sourceTime: instant('sourceTime'),
  })
  .refine((price) => price.buybackPrice <= price.sellingPrice, {
    message: 'buybackPrice must not exceed sellingPrice',
    path: ['buybackPrice'],
  });
export type PlatformPriceBody = z.infer<typeof platformPriceBody>;

export const platformPrice = z.object({ id, sellingPrice: z.number().int(), buybackPrice: z.number().int(), sourceTime: z.string() });

/** POST /platform/redemptions: a customer's request to collect pieces at the counter. */
export const platformRedemptionBody = z.strictObject({
  customerId: id,
  pieces: z
    .array(z.strictObject({ denom: z.number().int().positive().max(100_000), amount: z.number().int().positive().max(1000) }))
    .min(1, 'pieces must name at least one denomination')
    .max(20)
    .refine((pieces) => new Set(pieces.map((p) => p.denom)).size === pieces.length, 'pieces must name each denomination once'),
  /** The collection day (WIB) and the start hour of its 2-hour window. */
  appointmentDate: z.iso.date('appointmentDate must be a date (YYYY-MM-DD)'),
  timeSlot: z.number().int().min(0).max(22),
  /** The fee in {product}, charged by the platform. */
  fee: z.string().regex(/^\d{1,12}(\.\d{1,18})?$/, 'fee must be a decimal number with at most 18 decimals'),
  /** The vault location where the pieces are collected (its stock is checked); the first location (1) when absent. */
  locationId: id.optional(),
});
export type PlatformRedemptionBody = z.infer<typeof platformRedemptionBody>;

export const platformRedemption = z.object({
  id,
  customerId: id,
  status: z.enum(redemptionStatuses),
  total: tokenAmount,
  fee: tokenAmount,
  appointmentDate: z.string(),
  timeSlot: z.number().int(),
  pieces: z.array(z.object({ denom: z.number().int(), amount: z.number().int() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PlatformRedemption = z.infer<typeof platformRedemption>;

export const platformRedemptionParams = z.object({ redemptionId: z.coerce.number().int().positive().max(2_147_483_647) });

/** GET /platform/redemption-options's query: the location the pieces would be collected at (the first location unless named). */
export const platformRedemptionOptionsQuery = z.object({ locationId: z.coerce.number().int().positive().max(2_147_483_647).optional() });
export type PlatformRedemptionOptionsQuery = z.infer<typeof platformRedemptionOptionsQuery>;

/** GET /platform/redemption-options: what a customer may ask for now at a location, and when the counter is open. */
export const platformRedemptionOptions = z.object({
  /** The largest denomination customers may ask for (grams). */
  limit: z.number().int().nullable(),
  /** Where the pieces would be collected: `unreserved` is counted there (and never above the whole vault's). */
  location: z.object({ id, code: z.string() }),
  denominations: z.array(z.object({ denom: z.number().int(), redeemable: z.boolean(), unreserved: z.number().int() })),
  counter: z.object({
    /** ISO weekdays the counter opens (1 = Monday). */
    days: z.array(z.number().int().min(1).max(7)),
    /** The start hours (WIB) of the 2-hour windows that can be booked. */
    timeSlots: z.array(z.number().int()),
  }),
});
export type PlatformRedemptionOptions = z.infer<typeof platformRedemptionOptions>;

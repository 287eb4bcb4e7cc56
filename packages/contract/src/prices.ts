import { z } from 'zod';
import { listQuery, pageOf } from './list';

/** A stored price: whole rupiah per {product}; `harga_jual` is the selling price the dashboard shows. */
const priceFields = z.object({
  harga_jual: z.number().int().positive(),
  /** Buy-back price. */
  harga_beli: z.number().int().positive(),
  /** When this price was set (its source's time), ISO-8601 UTC. */
  createdAt: z.string(),
});

/** GET /price (public): the latest price, and whether it is older than the configured age. */
export const priceResponse = priceFields.extend({
  /** Older than `staleAfterMinutes` (PRICE_STALE_AFTER_MINUTES) at the time of the answer: the price feed may have stopped. */
  stale: z.boolean(),
  staleAfterMinutes: z.number().int().positive(),
});
export type PriceResponse = z.infer<typeof priceResponse>;

/** GET /admin/price/history?days=N: the last N days (default 30, at most 366). */
export const priceHistoryQuery = z.strictObject({
  days: z.coerce
    .number()
    .int('days must be a whole number')
    .min(1, 'days must be at least 1')
    .max(366, 'days must be at most 366')
    .default(30),
});
export type PriceHistoryQuery = z.infer<typeof priceHistoryQuery>;

/** One point per day (a WIB calendar day, YYYY-MM-DD): the last price set that day. */
export const pricePoint = z.object({
  date: z.string(),
  harga_jual: z.number().int().positive(),
  harga_beli: z.number().int().positive(),
});
export type PricePoint = z.infer<typeof pricePoint>;

/** Oldest first; days without a price have no point. */
export const priceHistoryResponse = z.object({ data: z.array(pricePoint) });
export type PriceHistoryResponse = z.infer<typeof priceHistoryResponse>;

/** Columns the price list can be sorted by, each with an index ending in the id. */
export const priceSortFields = ['createdAt', 'harga_jual', 'harga_beli'] as const;
export type PriceSortField = (typeof priceSortFields)[number];

/** GET /admin/list/prices: every stored price, newest first by default (the Latest Price card's View All). */
export const priceListQuery = listQuery({ sort: priceSortFields, defaultSort: 'createdAt', defaultOrder: 'desc' });
export type PriceListQuery = z.infer<typeof priceListQuery>;

/** One stored price: the selling and buy-back price in whole rupiah per {product}, and when it was set (ISO-8601 UTC). */
export const storedPrice = priceFields.extend({ id: z.number().int().positive() });
export type StoredPrice = z.infer<typeof storedPrice>;

export const priceListResponse = pageOf(storedPrice);
export type PriceListResponse = z.infer<typeof priceListResponse>;

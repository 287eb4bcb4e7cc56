import { z } from 'zod';

/** GET /price (public): the latest price, whole rupiah per {product}; `harga_jual` is the selling price the dashboard shows. */
export const priceResponse = z.object({
  harga_jual: z.number().int().positive(),
  /** Buy-back price. */
  harga_beli: z.number().int().positive(),
  /** When this price was set, ISO-8601 UTC. */
  createdAt: z.string(),
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

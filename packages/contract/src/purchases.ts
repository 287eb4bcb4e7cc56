import { z } from 'zod';
import { listQuery, pageOf, searchText } from './list';
import { tokenAmount } from './redemptions';

/** Columns the purchase list can be sorted by: `date` (when ordered) and `amount`, each with an index ending in the id. */
export const purchaseSortFields = ['date', 'amount'] as const;
export type PurchaseSortField = (typeof purchaseSortFields)[number];

/** GET /admin/list/order: newest first by default; `search` matches the buyer's name or e-mail anywhere in the text, like 'Search user'. */
export const purchaseListQuery = listQuery({
  sort: purchaseSortFields,
  defaultSort: 'date',
  defaultOrder: 'desc',
  filters: { search: searchText.optional() },
});
export type PurchaseListQuery = z.infer<typeof purchaseListQuery>;

/**
 * A purchase as the spec's Purchase/order row names it: `userId`, `fullname`, `NIK`, `email` of
 * the buyer; `WIBdate` the order time in WIB (UTC+7) as `YYYY-MM-DD HH:mm:ss`; `amount` exact
 * {product} text; `price` whole rupiah per {product} at the time of purchase; `createdAt` ISO-8601 UTC.
 */
export const purchaseRow = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  fullname: z.string(),
  NIK: z.string().nullable(),
  email: z.string(),
  WIBdate: z.string(),
  amount: tokenAmount,
  price: z.number().int(),
  createdAt: z.string(),
});
export type PurchaseRow = z.infer<typeof purchaseRow>;

export const purchaseListResponse = pageOf(purchaseRow);
export type PurchaseListResponse = z.infer<typeof purchaseListResponse>;

/** GET /admin/count/order: the spec reads `data[0].totalOrder`. */
export const purchaseCountResponse = z.object({ data: z.array(z.object({ totalOrder: z.number().int().nonnegative() })) });
export type PurchaseCountResponse = z.infer<typeof purchaseCountResponse>;

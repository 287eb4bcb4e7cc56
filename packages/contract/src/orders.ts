import { z } from 'zod';
import { listQuery, pageOf, searchText } from './list';
import { tokenAmount } from './redemptions';

/** Columns the purchase list can be sorted by: `date` (when ordered) and `amount`, each with an index ending in the id. */
export const orderSortFields = ['date', 'amount'] as const;
export type OrderSortField = (typeof orderSortFields)[number];

/** GET /admin/list/order: newest first by default; `search` matches the buyer's name or e-mail anywhere in the text, like 'Search user'. */
export const orderListQuery = listQuery({
  sort: orderSortFields,
  defaultSort: 'date',
  defaultOrder: 'desc',
  filters: { search: searchText.optional() },
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

/**
 * A purchase as the spec's Purchase/order row names it: `userId`, `fullname`, `NIK`, `email` of
 * the buyer; `WIBdate` the order time in WIB (UTC+7) as `YYYY-MM-DD HH:mm:ss`; `amount` exact
 * {product} text; `price` whole rupiah per {product} at the time of purchase; `createdAt` ISO-8601 UTC.
 */
export const orderRow = z.object({
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
export type OrderRow = z.infer<typeof orderRow>;

export const orderListResponse = pageOf(orderRow);
export type OrderListResponse = z.infer<typeof orderListResponse>;

/** GET /admin/count/order: the spec reads `data[0].totalOrder`. */
export const orderCountResponse = z.object({ data: z.array(z.object({ totalOrder: z.number().int().nonnegative() })) });
export type OrderCountResponse = z.infer<typeof orderCountResponse>;

import { z } from 'zod';
import { purchaseListQuery } from './purchases';
import { transactionListQuery } from './transactions';
import { customerListQuery } from './customers';

/**
 * A list's query for its CSV export: the list's own sort, order and filters, without `limit`
 * and `page` (the file holds every row the filters select, in the list's order). Unknown
 * parameters are refused, as on the list.
 */
function withoutPaging<Shape extends { limit: z.ZodType; page: z.ZodType }>(shape: Shape) {
  const { limit: _limit, page: _page, ...rest } = shape;
  return z.strictObject(rest as Omit<Shape, 'limit' | 'page'>);
}

/** GET /admin/export/users.csv: the User List's sort and 'Search user'. */
export const userExportQuery = withoutPaging(customerListQuery.shape);
export type UserExportQuery = z.infer<typeof userExportQuery>;

/** GET /admin/export/transactions.csv: the Transaction List's sort, type and hash/address search. */
export const transactionExportQuery = withoutPaging(transactionListQuery.shape);
export type TransactionExportQuery = z.infer<typeof transactionExportQuery>;

/** GET /admin/export/orders.csv: the {product} Purchased List's sort and buyer search. */
export const orderExportQuery = withoutPaging(purchaseListQuery.shape);
export type OrderExportQuery = z.infer<typeof orderExportQuery>;

/** The lists that can be exported, as named in the export paths (`/admin/export/<list>.csv`). */
export const exportLists = ['users', 'transactions', 'orders'] as const;
export type ExportList = (typeof exportLists)[number];

/** The CSV file's body (documented as text/csv; a header row, then one row per list row). */
export const csvFile = z.string().describe('CSV (RFC 4180), UTF-8 with a byte order mark, a header row of the list’s field names');

import { z } from 'zod';
import { plainText } from './common';

/** Table page sizes of the spec (section 9); the API accepts any size up to the largest. */
export const pageSizes = [10, 25, 100] as const;
export const defaultPageSize = 10;
export const maxPageSize = 100;
export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

/** Search text: trimmed, at most 100 characters of plain text; matched literally (never as a pattern). */
export const searchText = plainText('search', { max: 100 });

/**
 * One list query for every resource: `limit` and 0-based `page` (both or neither: without
 * them the whole list is answered, streamed), `sort` from the resource's whitelist, `order`,
 * and the resource's own filters (search text, status...). Unknown parameters are refused.
 */
export function listQuery<
  const Sort extends readonly [string, ...string[]],
  Filters extends z.ZodRawShape = Record<never, never>,
>(options: {
  sort: Sort;
  defaultSort: Sort[number];
  defaultOrder: SortOrder;
  /** The resource's own parameters, e.g. `{ search: searchText.optional() }` or a status filter. */
  filters?: Filters;
}) {
  return z
    .strictObject({
      limit: z.coerce.number().int().min(1).max(maxPageSize).optional(),
      page: z.coerce.number().int().min(0).max(10_000_000).optional(),
      sort: z.enum(options.sort).default(options.defaultSort as never),
      order: z.enum(sortOrders).default(options.defaultOrder),
      ...((options.filters ?? {}) as Filters),
    })
    .refine((query) => (query as { page?: number }).page === undefined || (query as { limit?: number }).limit !== undefined, {
      message: 'page needs limit',
      path: ['page'],
    });
}

/** One page of a list (or, without limit, every row): the rows and how many there are in all. */
export function pageOf<Row extends z.ZodType>(row: Row) {
  return z.object({ data: z.array(row), total: z.number().int().nonnegative() });
}
export type Page<Row> = { data: Row[]; total: number };

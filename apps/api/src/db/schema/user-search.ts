import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';

/**
 * One row, bumped by a statement-level trigger (migration 0016) in the same transaction as any
 * insert, update, delete or truncate of customers: two snapshots that see the same version see
 * the same customers.
 */
export const customerVersion = pgTable('customer_version', {
  id: integer('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * The matches of a customer search, in list order, for the customers' version they were read at:
 * paging through a search, or asking it again from any process, reads them here instead of
 * scanning and sorting every match again. Exact while the version holds; an entry of an older
 * version is never read and is deleted when a newer one is written.
 */
export const userSearchMatches = pgTable(
  'user_search_matches',
  {
    search: text('search').notNull(),
    sort: text('sort').notNull(),
    sortOrder: text('sort_order').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    ids: integer('ids').array().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.search, t.sort, t.sortOrder, t.version] }), index('user_search_matches_version_idx').on(t.version)],
);

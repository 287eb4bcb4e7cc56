import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Exact row counts kept by statement-level triggers (migration 0005), so a count card or a
 * list total reads one row instead of counting a million. `bucket` '*' is the whole table;
 * other buckets are the values of one column (e.g. a redemption status).
 */
export const rowCounts = pgTable(
  'row_counts',
  {
    tableName: text('table_name').notNull(),
    bucket: text('bucket').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.bucket] })],
);

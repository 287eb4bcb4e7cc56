import { bigint, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/**
 * Exact row counts kept by statement-level triggers (migration 0005), so a count card or a
 * list total reads one row instead of counting a million. `bucket` '*' is the whole table;
 * other buckets are the values of one column (e.g. a redemption status). Each connection writes
 * its own `shard` (migration 0033) so concurrent inserts do not queue on one row: the count is the
 * sum of a bucket's shards.
 */
export const rowCounts = pgTable(
  'row_counts',
  {
    tableName: text('table_name').notNull(),
    bucket: text('bucket').notNull(),
    shard: smallint('shard').notNull().default(0),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'row_counts_table_name_bucket_shard_pk', columns: [t.tableName, t.bucket, t.shard] })],
);

import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';

/** Price history; the newest row is the current price. Whole rupiah per {product}. */
export const goldPrices = pgTable(
  'gold_prices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    hargaJual: bigint('harga_jual', { mode: 'number' }).notNull(),
    hargaBeli: bigint('harga_beli', { mode: 'number' }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('gold_prices_positive', sql`${t.hargaJual} > 0 and ${t.hargaBeli} > 0`),
    index('gold_prices_created_at_id_idx').on(t.createdAt, t.id),
    // The price list's other sorts (migration 0014).
    index('gold_prices_harga_jual_id_idx').on(t.hargaJual, t.id),
    index('gold_prices_harga_beli_id_idx').on(t.hargaBeli, t.id),
  ],
);

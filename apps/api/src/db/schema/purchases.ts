import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, numeric, pgTable } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { createdAtColumn } from './columns';

/** Token purchases by customers, paid in rupiah. */
export const purchases = pgTable(
  'purchases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    amount: numeric('amount', { precision: 36, scale: 18 }).notNull(),
    /** Rupiah per {product} at the time of purchase. */
    priceIdr: bigint('price_idr', { mode: 'number' }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('purchases_amount_positive', sql`${t.amount} > 0`),
    index('purchases_created_at_id_idx').on(t.createdAt, t.id),
    index('purchases_amount_id_idx').on(t.amount, t.id),
    index('purchases_customer_id_idx').on(t.customerId),
  ],
);

import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { transactionTypes } from '@gold/contract';
import { customers } from './customers';

/** Token transfers seen on chain. */
export const tokenTransactions = pgTable(
  'token_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    txhash: text('txhash').notNull().unique(),
    fromAddress: text('from_address'),
    toAddress: text('to_address'),
    amount: numeric('amount', { precision: 36, scale: 18 }).notNull(),
    type: text('type', { enum: transactionTypes }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('token_transactions_amount_nonnegative', sql`${t.amount} >= 0`),
    index('token_transactions_occurred_at_idx').on(t.occurredAt.desc(), t.id.desc()),
  ],
);

/** Token purchases by customers, paid in rupiah. */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    amount: numeric('amount', { precision: 36, scale: 18 }).notNull(),
    /** Rupiah per {product} at the time of purchase. */
    priceIdr: bigint('price_idr', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('purchase_orders_amount_positive', sql`${t.amount} > 0`),
    index('purchase_orders_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('purchase_orders_customer_id_idx').on(t.customerId),
  ],
);

/** Price history; the newest row is the current price. Whole rupiah per {product}. */
export const goldPrices = pgTable(
  'gold_prices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    hargaJual: bigint('harga_jual', { mode: 'number' }).notNull(),
    hargaBeli: bigint('harga_beli', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('gold_prices_positive', sql`${t.hargaJual} > 0 and ${t.hargaBeli} > 0`),
    index('gold_prices_created_at_idx').on(t.createdAt.desc()),
  ],
);

/** Messages sent by visitors through the public contact form. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    fullname: text('fullname').notNull(),
    institutionName: text('institution_name'),
    message: text('message').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt.desc(), t.id.desc())],
);


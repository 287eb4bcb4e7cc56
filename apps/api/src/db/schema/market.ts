import { sql } from 'drizzle-orm';
import { bigint, check, index, inet, integer, numeric, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { transactionTypes } from '@gold/contract';
import { customers } from './customers';
import { createdAtColumn, timestamptz } from './columns';

/**
 * Token transfers seen on chain, one row per Transfer log: a transaction can hold several,
 * so a row is identified by its transaction hash and the log's index in the block.
 */
export const tokenTransactions = pgTable(
  'token_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    txhash: text('txhash').notNull(),
    logIndex: integer('log_index').notNull().default(0),
    fromAddress: text('from_address'),
    toAddress: text('to_address'),
    amount: numeric('amount', { precision: 36, scale: 18 }).notNull(),
    type: text('type', { enum: transactionTypes }).notNull(),
    occurredAt: timestamptz('occurred_at').notNull(),
  },
  (t) => [
    unique('token_transactions_txhash_log_index_unique').on(t.txhash, t.logIndex),
    check('token_transactions_amount_nonnegative', sql`${t.amount} >= 0`),
    index('token_transactions_occurred_at_id_idx').on(t.occurredAt, t.id),
    // List sorts, with and without the type filter (migration 0011).
    index('token_transactions_amount_id_idx').on(t.amount, t.id),
    index('token_transactions_type_occurred_at_id_idx').on(t.type, t.occurredAt, t.id),
    index('token_transactions_type_amount_id_idx').on(t.type, t.amount, t.id),
    // Search by the start of a hash or an address: LIKE 'prefix%' needs pattern-ops indexes.
    index('token_transactions_txhash_prefix_idx').on(t.txhash.op('text_pattern_ops')),
    index('token_transactions_from_address_prefix_idx').on(t.fromAddress.op('text_pattern_ops')),
    index('token_transactions_to_address_prefix_idx').on(t.toAddress.op('text_pattern_ops')),
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
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('purchase_orders_amount_positive', sql`${t.amount} > 0`),
    index('purchase_orders_created_at_id_idx').on(t.createdAt, t.id),
    index('purchase_orders_amount_id_idx').on(t.amount, t.id),
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
    createdAt: createdAtColumn(),
    /** Who sent it (the per-address throttle counts these); null for demo data. */
    ipAddress: inet('ip_address'),
  },
  (t) => [
    index('contact_messages_created_at_id_idx').on(t.createdAt, t.id),
    index('contact_messages_ip_address_created_at_idx').on(t.ipAddress, t.createdAt),
  ],
);

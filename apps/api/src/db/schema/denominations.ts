import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { redemptionStatuses } from '@gold/contract';
import { admins } from './admins';
import { createdAtColumn, updatedAtColumn } from './columns';

/**
 * Physical gold pieces per denomination. `amount` is every piece ever put in the vault;
 * available = amount - pieces of REDEEMED redemptions (the spec's formula).
 */
export const goldDenominations = pgTable(
  'gold_denominations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    denom: integer('denom').notNull().unique(),
    amount: integer('amount').notNull().default(0),
    redeemable: boolean('redeemable').notNull().default(true),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check('gold_denominations_denom_positive', sql`${t.denom} > 0`),
    check('gold_denominations_amount_nonnegative', sql`${t.amount} >= 0`),
  ],
);

/** Each change of the largest requestable denomination is a new row; the last row is current. */
export const redemptionLimits = pgTable(
  'redemption_limits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    gidrlimit: integer('gidrlimit').notNull(),
    setByAdminId: integer('set_by_admin_id').references(() => admins.id),
    createdAt: createdAtColumn(),
  },
  (t) => [check('redemption_limits_gidrlimit_option', sql`${t.gidrlimit} in (5, 10, 25, 100, 250, 500, 1000)`)],
);

/**
 * Pieces per denomination and redemption status, kept exact by statement-level triggers on
 * redemptions and redemption_pieces (the vault_* triggers, modules/vault/README.md), like row_counts: the vault's redeemed,
 * reserved and available figures read a few rows instead of joining every piece ever requested.
 */
export const denominationPieceCounts = pgTable(
  'denomination_piece_counts',
  {
    denominationId: integer('denomination_id')
      .notNull()
      .references(() => goldDenominations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: redemptionStatuses }).notNull(),
    pieces: bigint('pieces', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.denominationId, t.status] })],
);

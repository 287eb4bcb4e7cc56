import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { reserveSnapshotReasons } from '@gold/contract';
import { createdAtColumn, timestamptz } from './columns';

/** Grams and tokens are exact: numeric with the token's 18 decimals (1 token = 1 gram), never floats. */
const grams = (name: string) => numeric(name, { precision: 38, scale: 18 });

/**
 * Proof of reserves over time: one row whenever the tokens outstanding or the grams in the vault
 * change (a mint or burn seen by the transfer watcher, stock added, an approval). `supply` is the
 * token's totalSupply() at `block_number`; the vault figures are the database's at `created_at`.
 * Rows are written under one advisory lock, so the latest row is the state a new one is compared
 * with (an under-backed crossing is audited exactly once).
 */
export const reserveSnapshots = pgTable(
  'reserve_snapshots',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: createdAtColumn(),
    reason: text('reason', { enum: reserveSnapshotReasons }).notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockTime: timestamptz('block_time').notNull(),
    supply: grams('supply').notNull(),
    vaultGrams: grams('vault_grams').notNull(),
    reservedGrams: grams('reserved_grams').notNull(),
    /** Burns queued for hand-overs that had not landed by block_number (settlement): the vault backs supply - burns_in_flight. */
    burnsInFlight: grams('burns_in_flight').notNull().default('0'),
    /** Tokens held in escrow for redemptions when the row was written (part of the supply, shown beside it). */
    escrowHeld: grams('escrow_held').notNull().default('0'),
    /** vault_grams >= supply - burns_in_flight, decided when the row was written. */
    backed: boolean('backed').notNull(),
  },
  (t) => [
    check('reserve_snapshots_amounts_nonnegative', sql`${t.supply} >= 0 and ${t.reservedGrams} >= 0`),
    index('reserve_snapshots_created_at_id_idx').on(t.createdAt, t.id),
  ],
);

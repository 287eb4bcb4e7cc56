import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, primaryKey, smallint, text, unique } from 'drizzle-orm/pg-core';
import { redemptionStatuses } from '@gold/contract';
import { customers } from './customers';
import { goldDenominations } from './denominations';
import { createdAtColumn, timestamptz, updatedAtColumn } from './columns';
import { defaultVaultLocationId, vaultLocations } from './vault-locations';

/** Token amounts are exact: numeric with the token's 18 decimals, never floats. */
const tokenAmount = (name: string) => numeric(name, { precision: 36, scale: 18 });

export const redemptions = pgTable(
  'redemptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    status: text('status', { enum: redemptionStatuses }).notNull().default('REQUESTED'),
    /** In {product}; equals the sum of its pieces (1 {product} = 1 gram). */
    total: tokenAmount('total').notNull(),
    totalFee: tokenAmount('total_fee').notNull().default('0'),
    appointmentDate: date('appointment_date', { mode: 'string' }).notNull(),
    /** Start hour (WIB) of a 2-hour collection window. */
    timeSlot: smallint('time_slot').notNull(),
    rejectReason: text('reject_reason'),
    /** Where the customer collects the pieces: its stock checks and hand-over use this location. */
    locationId: integer('location_id')
      .notNull()
      .default(defaultVaultLocationId)
      .references(() => vaultLocations.id),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check('redemptions_total_positive', sql`${t.total} > 0`),
    check('redemptions_fee_nonnegative', sql`${t.totalFee} >= 0`),
    check('redemptions_time_slot_range', sql`${t.timeSlot} between 0 and 22`),
    index('redemptions_created_at_id_idx').on(t.createdAt, t.id),
    index('redemptions_status_created_at_id_idx').on(t.status, t.createdAt, t.id),
    // The list's other sorts, alone and under the status filter (collection order: day, window, id).
    index('redemptions_appointment_idx').on(t.appointmentDate, t.timeSlot, t.id),
    index('redemptions_status_appointment_idx').on(t.status, t.appointmentDate, t.timeSlot, t.id),
    index('redemptions_total_id_idx').on(t.total, t.id),
    index('redemptions_status_total_id_idx').on(t.status, t.total, t.id),
    index('redemptions_customer_id_idx').on(t.customerId),
  ],
);

/** The pieces of a redemption ("physicalGoldRedeems"): how many of which denomination. */
export const redemptionPieces = pgTable(
  'redemption_pieces',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    redemptionId: integer('redemption_id')
      .notNull()
      .references(() => redemptions.id, { onDelete: 'cascade' }),
    denominationId: integer('denomination_id')
      .notNull()
      .references(() => goldDenominations.id),
    amount: integer('amount').notNull(),
  },
  (t) => [
    check('redemption_pieces_amount_positive', sql`${t.amount} > 0`),
    unique('redemption_pieces_redemption_denomination_key').on(t.redemptionId, t.denominationId),
    index('redemption_pieces_denomination_id_idx').on(t.denominationId),
  ],
);

/** One-time codes for collection at the counter: only a keyed hash is stored. */
export const redemptionOtps = pgTable('redemption_otps', {
  redemptionId: integer('redemption_id')
    .primaryKey()
    .references(() => redemptions.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash'),
  sentAt: timestamptz('sent_at'),
  expiresAt: timestamptz('expires_at'),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  verifiedUntil: timestamptz('verified_until'),
});

/**
 * Sum of redemption totals per status, kept by the vault_* triggers (modules/vault/README.md): 'Total
 * {product} Redeemed' sums one status's shards (each connection writes its own, migration 0033).
 */
export const redemptionStatusTotals = pgTable(
  'redemption_status_totals',
  {
    status: text('status', { enum: redemptionStatuses }).notNull(),
    shard: smallint('shard').notNull().default(0),
    total: numeric('total', { precision: 38, scale: 18 }).notNull(),
  },
  (t) => [primaryKey({ name: 'redemption_status_totals_status_shard_pk', columns: [t.status, t.shard] })],
);

import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { confirmationKinds, confirmationStatuses, movementKinds, pieceStatuses } from '@gold/contract';
import { admins } from './admins';
import { createdAtColumn, timestamptz } from './columns';
import { goldDenominations } from './denominations';
import { redemptions } from './redemptions';
import { vaultLocations } from './vault-locations';

/**
 * A four-eyes proposal (receipt, write-off, transfer, count, hand-over above the threshold): nothing
 * moves until another admin confirms it. The database refuses checker = maker (whatever the
 * session), a state that does not fit the status, and any change once decided (migration 0030's
 * trigger `vault_confirmations_guard`).
 */
export const vaultConfirmations = pgTable(
  'vault_confirmations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: confirmationKinds }).notNull(),
    status: text('status', { enum: confirmationStatuses }).notNull().default('pending'),
    makerId: integer('maker_id')
      .notNull()
      .references(() => admins.id),
    checkerId: integer('checker_id').references(() => admins.id),
    /** One line for the list, e.g. "Receipt of 20 × 10 g at JKT-01 (DO-2026-118)". */
    summary: text('summary').notNull(),
    /** What was proposed (the request's body, checked). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    locationId: integer('location_id').references(() => vaultLocations.id),
    redemptionId: integer('redemption_id').references(() => redemptions.id),
    grams: bigint('grams', { mode: 'number' }).notNull(),
    pieceCount: integer('piece_count').notNull(),
    declineReason: text('decline_reason'),
    createdAt: createdAtColumn(),
    decidedAt: timestamptz('decided_at'),
  },
  (t) => [
    check('vault_confirmations_kind', sql`${t.kind} in ('receipt', 'write_off', 'transfer', 'count_adjustment', 'hand_over')`),
    check('vault_confirmations_four_eyes', sql`${t.checkerId} is null or ${t.checkerId} <> ${t.makerId}`),
    check(
      'vault_confirmations_state',
      sql`(${t.status} = 'pending' and ${t.checkerId} is null and ${t.decidedAt} is null and ${t.declineReason} is null)
		or (${t.status} = 'confirmed' and ${t.checkerId} is not null and ${t.decidedAt} is not null and ${t.declineReason} is null)
		or (${t.status} = 'declined' and ${t.checkerId} is not null and ${t.decidedAt} is not null and ${t.declineReason} is not null)
		or (${t.status} = 'withdrawn' and ${t.checkerId} is null and ${t.decidedAt} is not null and ${t.declineReason} is null)`,
    ),
    check('vault_confirmations_figures', sql`${t.grams} >= 0 and ${t.pieceCount} >= 0`),
    index('vault_confirmations_status_created_at_id_idx').on(t.status, t.createdAt, t.id),
    index('vault_confirmations_created_at_id_idx').on(t.createdAt, t.id),
    uniqueIndex('vault_confirmations_pending_hand_over_key')
      .on(t.redemptionId)
      .where(sql`${t.status} = 'pending' and ${t.kind} = 'hand_over'`),
  ],
);

/**
 * A physical piece: serial, refiner, fineness, denomination, where it is and whether it is still
 * in the vault. Pieces in_vault (all locations) = the denomination's available (stock − REDEEMED
 * pieces). Placeholder pieces carry a generated serial (PH-<denom>G-000001) for stock counted
 * before serials were recorded.
 */
export const vaultPieces = pgTable(
  'vault_pieces',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serial: text('serial').notNull(),
    placeholder: boolean('placeholder').notNull().default(false),
    refiner: text('refiner').notNull(),
    /** Parts per thousand, e.g. 999.90. */
    fineness: numeric('fineness', { precision: 5, scale: 2 }).notNull(),
    denominationId: integer('denomination_id')
      .notNull()
      .references(() => goldDenominations.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => vaultLocations.id),
    status: text('status', { enum: pieceStatuses }).notNull().default('in_vault'),
    redemptionId: integer('redemption_id').references(() => redemptions.id),
    receiptReference: text('receipt_reference'),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
  },
  (t) => [
    check('vault_pieces_status', sql`${t.status} in ('in_vault', 'handed_over', 'written_off', 'missing')`),
    check('vault_pieces_handed_over_redemption', sql`(${t.status} = 'handed_over') = (${t.redemptionId} is not null)`),
    check('vault_pieces_fineness', sql`${t.fineness} >= 900 and ${t.fineness} < 1000`),
    uniqueIndex('vault_pieces_serial_key').on(t.serial),
    index('vault_pieces_in_vault_idx')
      .on(t.denominationId, t.locationId, t.id)
      .where(sql`${t.status} = 'in_vault'`),
    index('vault_pieces_redemption_id_idx')
      .on(t.redemptionId)
      .where(sql`${t.redemptionId} is not null`),
    index('vault_pieces_location_id_idx').on(t.locationId, t.id),
  ],
);

/**
 * Append-only (triggers refuse UPDATE, DELETE and TRUNCATE): every piece's way in, between
 * locations and out. An insert moves gold_denominations.amount (trigger `vault_movements_move_stock`):
 * receipt and found +1, write-off and missing −1, opening, hand-over and transfer 0.
 */
export const vaultMovements = pgTable(
  'vault_movements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: movementKinds }).notNull(),
    pieceId: integer('piece_id')
      .notNull()
      .references(() => vaultPieces.id),
    denominationId: integer('denomination_id')
      .notNull()
      .references(() => goldDenominations.id),
    fromLocationId: integer('from_location_id').references(() => vaultLocations.id),
    toLocationId: integer('to_location_id').references(() => vaultLocations.id),
    redemptionId: integer('redemption_id').references(() => redemptions.id),
    note: text('note'),
    confirmationId: integer('confirmation_id').references(() => vaultConfirmations.id),
    makerId: integer('maker_id').references(() => admins.id),
    checkerId: integer('checker_id').references(() => admins.id),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('vault_movements_kind', sql`${t.kind} in ('opening', 'receipt', 'hand_over', 'write_off', 'transfer', 'count_adjustment')`),
    check(
      'vault_movements_direction',
      sql`(${t.kind} in ('opening', 'receipt') and ${t.fromLocationId} is null and ${t.toLocationId} is not null)
		or (${t.kind} in ('hand_over', 'write_off') and ${t.fromLocationId} is not null and ${t.toLocationId} is null)
		or (${t.kind} = 'transfer' and ${t.fromLocationId} is not null and ${t.toLocationId} is not null and ${t.fromLocationId} <> ${t.toLocationId})
		or (${t.kind} = 'count_adjustment' and (${t.fromLocationId} is null) <> (${t.toLocationId} is null))`,
    ),
    check('vault_movements_hand_over_redemption', sql`(${t.kind} = 'hand_over') = (${t.redemptionId} is not null)`),
    check('vault_movements_four_eyes', sql`${t.checkerId} is null or ${t.checkerId} <> ${t.makerId}`),
    index('vault_movements_created_at_id_idx').on(t.createdAt, t.id),
    index('vault_movements_piece_id_idx').on(t.pieceId, t.id),
    index('vault_movements_redemption_id_idx')
      .on(t.redemptionId)
      .where(sql`${t.redemptionId} is not null`),
    index('vault_movements_confirmation_id_idx')
      .on(t.confirmationId)
      .where(sql`${t.confirmationId} is not null`),
  ],
);

/**
 * Per (denomination, location): pieces in the vault there and pieces reserved there by open
 * redemptions, kept exact by the triggers of migration 0032 in the same transaction as the change,
 * so a request's stock check reads one row instead of counting pieces and the open queue.
 */
export const vaultLocationCounts = pgTable(
  'vault_location_counts',
  {
    denominationId: integer('denomination_id')
      .notNull()
      .references(() => goldDenominations.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => vaultLocations.id, { onDelete: 'cascade' }),
    inVault: integer('in_vault').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'vault_location_counts_pk', columns: [t.denominationId, t.locationId] })],
);

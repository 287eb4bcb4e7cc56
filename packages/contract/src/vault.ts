import { z } from 'zod';
import { plainText } from './common';
import { listQuery, pageOf, searchText } from './list';
import { reauthentication } from './reauthentication';

/**
 * The vault ledger (issue 32): physical pieces with serial numbers, kept at vault locations
 * (branches), and the append-only movements that bring them in and take them out. Every movement
 * but a hand-over at or under the threshold waits for a second admin (confirmations below).
 */

const rowId = z.number().int().positive();
const queryId = z.coerce.number().int().positive().max(2_147_483_647);

// ---------------------------------------------------------------------------------------------
// Locations
// ---------------------------------------------------------------------------------------------

export const vaultLocation = z.object({
  id: rowId,
  /** Short code printed on receipts and exports, e.g. JKT-01. */
  code: z.string(),
  name: z.string(),
  createdAt: z.string(),
});
export type VaultLocation = z.infer<typeof vaultLocation>;

/** GET /admin/vault/locations: every location, by name. */
export const vaultLocationListResponse = z.object({ data: z.array(vaultLocation), total: z.number().int().nonnegative() });
export type VaultLocationListResponse = z.infer<typeof vaultLocationListResponse>;

/** POST /admin/vault/locations (201): a new, empty location. */
export const createVaultLocationBody = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^[A-Z0-9][A-Z0-9-]{1,15}$/, 'code must be 2 to 16 capital letters, digits or dashes'),
  name: plainText('name', { min: 1, max: 100 }),
});
export type CreateVaultLocationBody = z.infer<typeof createVaultLocationBody>;

/** Per location, the figures of one denomination (or of all, on reserves): the same formula as the totals. */
export const stockAtLocation = z.object({
  locationId: rowId,
  code: z.string(),
  name: z.string(),
  /** Pieces in the vault at this location. */
  available: z.number().int().nonnegative(),
  /** Pieces asked for by open redemptions collected here. */
  reserved: z.number().int().nonnegative(),
});
export type StockAtLocation = z.infer<typeof stockAtLocation>;

// ---------------------------------------------------------------------------------------------
// Pieces
// ---------------------------------------------------------------------------------------------

export const pieceStatuses = ['in_vault', 'handed_over', 'written_off', 'missing'] as const;
export type PieceStatus = (typeof pieceStatuses)[number];

export const serialNumber = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9./-]{2,39}$/, 'serial must be 3 to 40 letters, digits, dots, slashes or dashes');
/** Fineness in parts per thousand: 999.9 is written 999.9. */
export const fineness = z.number().min(900, 'fineness must be at least 900').max(999.99, 'fineness must be below 1000');

export const vaultPiece = z.object({
  id: rowId,
  serial: z.string(),
  /** A serial generated when counts became pieces (migration), not read off the bar: to be replaced at the next count. */
  placeholder: z.boolean(),
  refiner: z.string(),
  fineness: z.number(),
  denominationId: rowId,
  /** Grams a piece. */
  denom: z.number().int().positive(),
  location: z.object({ id: rowId, code: z.string(), name: z.string() }),
  status: z.enum(pieceStatuses),
  /** The redemption it was handed over for, once handed over. */
  redemptionId: rowId.nullable(),
  /** The supplier's delivery or certificate reference of its receipt. */
  receiptReference: z.string().nullable(),
  receivedAt: z.string(),
});
export type VaultPiece = z.infer<typeof vaultPiece>;

export const vaultPieceSortFields = ['serial', 'receivedAt', 'denom'] as const;

/** GET /admin/vault/pieces: `search` matches the serial's start. */
export const vaultPieceListQuery = listQuery({
  sort: vaultPieceSortFields,
  defaultSort: 'serial',
  defaultOrder: 'asc',
  filters: {
    search: searchText.optional(),
    status: z.enum(pieceStatuses).optional(),
    locationId: queryId.optional(),
    denominationId: queryId.optional(),
  },
});
export type VaultPieceListQuery = z.infer<typeof vaultPieceListQuery>;
export const vaultPieceListResponse = pageOf(vaultPiece);
export type VaultPieceListResponse = z.infer<typeof vaultPieceListResponse>;

// ---------------------------------------------------------------------------------------------
// Movements (append-only)
// ---------------------------------------------------------------------------------------------

export const movementKinds = ['opening', 'receipt', 'hand_over', 'write_off', 'transfer', 'count_adjustment'] as const;
export type MovementKind = (typeof movementKinds)[number];

export const vaultMovement = z.object({
  id: rowId,
  kind: z.enum(movementKinds),
  pieceId: rowId,
  serial: z.string(),
  denom: z.number().int().positive(),
  fromLocation: z.object({ id: rowId, code: z.string() }).nullable(),
  toLocation: z.object({ id: rowId, code: z.string() }).nullable(),
  redemptionId: rowId.nullable(),
  /** Write-off reason, count note, or the receipt's reference. */
  note: z.string().nullable(),
  confirmationId: rowId.nullable(),
  maker: z.object({ id: rowId, fullName: z.string() }).nullable(),
  checker: z.object({ id: rowId, fullName: z.string() }).nullable(),
  createdAt: z.string(),
});
export type VaultMovement = z.infer<typeof vaultMovement>;

/** GET /admin/vault/movements: newest first. */
export const vaultMovementListQuery = listQuery({
  sort: ['createdAt'] as const,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: {
    kind: z.enum(movementKinds).optional(),
    pieceId: queryId.optional(),
    locationId: queryId.optional(),
    redemptionId: queryId.optional(),
  },
});
export type VaultMovementListQuery = z.infer<typeof vaultMovementListQuery>;
export const vaultMovementListResponse = pageOf(vaultMovement);
export type VaultMovementListResponse = z.infer<typeof vaultMovementListResponse>;

// ---------------------------------------------------------------------------------------------
// Proposals: each answers 202 with the pending confirmation
// ---------------------------------------------------------------------------------------------

/** POST /admin/vault/receipts: pieces of one denomination arriving at a location. */
export const stockReceiptBody = z.strictObject({
  locationId: rowId,
  denom: z.number().int('denom must be a whole number of grams').positive().max(100_000, 'denom must be at most 100000 grams'),
  /** The supplier's delivery note or certificate number. */
  reference: plainText('reference', { min: 1, max: 100 }),
  pieces: z
    .array(z.strictObject({ serial: serialNumber, refiner: plainText('refiner', { min: 1, max: 100 }), fineness }))
    .min(1, 'pieces must list at least one piece')
    .max(1000, 'pieces must list at most 1000 pieces'),
});
export type StockReceiptBody = z.infer<typeof stockReceiptBody>;

const pieceIds = z.array(rowId).min(1, 'pieceIds must list at least one piece').max(1000, 'pieceIds must list at most 1000 pieces');

/** POST /admin/vault/write-offs */
export const writeOffBody = z.strictObject({ pieceIds, reason: plainText('reason', { min: 1, max: 500 }) });
export type WriteOffBody = z.infer<typeof writeOffBody>;

/** POST /admin/vault/transfers: pieces of one location to another. */
export const transferBody = z.strictObject({ pieceIds, toLocationId: rowId });
export type TransferBody = z.infer<typeof transferBody>;

/**
 * POST /admin/vault/counts: a physical count of one denomination at one location. Pieces in the
 * ledger there that were not counted leave as `missing` (the variance); a counted serial the
 * ledger does not hold there is refused (it comes in by a receipt or a transfer).
 */
export const stockCountBody = z.strictObject({
  locationId: rowId,
  denom: z.number().int().positive(),
  countedSerials: z.array(serialNumber).max(100_000, 'countedSerials must list at most 100000 serials'),
  note: plainText('note', { min: 0, max: 500 }).optional(),
});
export type StockCountBody = z.infer<typeof stockCountBody>;

// ---------------------------------------------------------------------------------------------
// Confirmations (four eyes)
// ---------------------------------------------------------------------------------------------

export const confirmationKinds = ['receipt', 'write_off', 'transfer', 'count_adjustment', 'hand_over'] as const;
export type ConfirmationKind = (typeof confirmationKinds)[number];
export const confirmationStatuses = ['pending', 'confirmed', 'declined', 'withdrawn'] as const;
export type ConfirmationStatus = (typeof confirmationStatuses)[number];

export const confirmation = z.object({
  id: rowId,
  kind: z.enum(confirmationKinds),
  status: z.enum(confirmationStatuses),
  /** One line for the list, e.g. "Receipt of 20 × 10 g at JKT-01 (DO-2026-118)". */
  summary: z.string(),
  /** Grams the action moves (its pieces × their denominations). */
  grams: z.number().int().nonnegative(),
  pieceCount: z.number().int().nonnegative(),
  location: z.object({ id: rowId, code: z.string(), name: z.string() }).nullable(),
  redemptionId: rowId.nullable(),
  /** What was proposed, as sent (receipt, write-off, transfer or count body; for a hand-over the redemption and identity check). */
  details: z.record(z.string(), z.unknown()),
  maker: z.object({ id: rowId, fullName: z.string() }),
  checker: z.object({ id: rowId, fullName: z.string() }).nullable(),
  declineReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Confirmation = z.infer<typeof confirmation>;

/** GET /admin/confirmations: pending first by default, newest first. */
export const confirmationListQuery = listQuery({
  sort: ['createdAt'] as const,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: { status: z.enum(confirmationStatuses).optional(), kind: z.enum(confirmationKinds).optional() },
});
export type ConfirmationListQuery = z.infer<typeof confirmationListQuery>;
export const confirmationListResponse = pageOf(confirmation);
export type ConfirmationListResponse = z.infer<typeof confirmationListResponse>;

/** POST /admin/confirmations/{id}/confirm: the checker's password (and second factor) again. */
export const confirmBody = z.strictObject({ reauth: reauthentication });
export type ConfirmBody = z.infer<typeof confirmBody>;

/** POST /admin/confirmations/{id}/decline */
export const declineBody = z.strictObject({ reauth: reauthentication, reason: plainText('reason', { min: 1, max: 500 }) });
export type DeclineBody = z.infer<typeof declineBody>;

/** Proposals answer 202 with this; confirm, decline and withdraw answer 200 with it. */
export const confirmationResponse = confirmation;

/** Audit actions of the vault ledger and four eyes (each side of a confirmation is one entry). */
export const vaultAuditActions = [
  'vault.location-create',
  'confirmation.propose',
  'confirmation.confirm',
  'confirmation.decline',
  'confirmation.withdraw',
] as const;

// ---------------------------------------------------------------------------------------------
// The counter's identity check
// ---------------------------------------------------------------------------------------------

export const identityDocumentTypes = ['KTP', 'PASSPORT', 'SIM'] as const;
export type IdentityDocumentType = (typeof identityDocumentTypes)[number];

/** POST /admin/redeem/{id}/identity-check: the document the teller looked at; approve needs one. */
export const identityCheckBody = z.strictObject({
  documentType: z.enum(identityDocumentTypes),
  last4: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{4}$/, 'last4 must be the last 4 letters or digits of the document number'),
});
export type IdentityCheckBody = z.infer<typeof identityCheckBody>;

export const identityCheck = z.object({
  documentType: z.enum(identityDocumentTypes),
  last4: z.string(),
  checkedAt: z.string(),
  checkedBy: z.object({ id: rowId, fullName: z.string() }),
});
export type IdentityCheck = z.infer<typeof identityCheck>;

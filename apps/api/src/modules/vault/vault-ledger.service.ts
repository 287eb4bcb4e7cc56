import { sql } from 'drizzle-orm';
import type { Confirmation, StockCountBody, StockReceiptBody, TransferBody, WriteOffBody } from '@gold/contract';
import { selectRows, type Database, type Executor } from '../../db/client';
import { goldDenominations, vaultMovements, vaultPieces } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { proposeConfirmation } from '../confirmations/confirmations.repository';
import { findLocation, inVaultByLocation, reservedByLocation } from './vault-ledger';

/**
 * Proposals (each a pending confirmation: nothing moves) and their execution once a second admin
 * confirms (called by modules/confirmations inside the confirmation's transaction). Execution
 * locks the denominations' rows in id order (as hand-overs and new requests do), then checks
 * again everything the proposal was checked against, then moves the pieces and writes one
 * movement each; the stock follows by trigger. A location never ends with fewer pieces in the
 * vault than its open redemptions reserve there.
 */

const p = vaultPieces;
const d = goldDenominations;

export interface Maker {
  adminId: number;
  ipAddress: string | null;
}

interface PieceRow {
  id: number;
  serial: string;
  denominationId: number;
  denom: number;
  locationId: number;
  locationCode: string;
  status: string;
}

async function denominationOf(db: Executor, denom: number): Promise<{ id: number; denom: number }> {
  const [row] = await selectRows<{ id: number; denom: number }>(
    db,
    sql`select ${d.id} as "id", ${d.denom} as "denom" from ${d} where ${d.denom} = ${denom}`,
  );
  if (!row) throw conflict(`${denom} g is not a denomination of the vault: add it on the Denoms List first`);
  return row;
}

/** The pieces by id (locked until the transaction ends when `lock`), or 404 naming the unknown ids. */
async function piecesById(db: Executor, ids: number[], lock = false): Promise<PieceRow[]> {
  const rows = await selectRows<PieceRow>(
    db,
    sql`select ${p.id} as "id", ${p.serial} as "serial", ${p.denominationId} as "denominationId", ${d.denom} as "denom",
               ${p.locationId} as "locationId", loc.code as "locationCode", ${p.status} as "status"
          from ${p} join ${d} on ${d.id} = ${p.denominationId} join vault_locations loc on loc.id = ${p.locationId}
         where ${p.id} in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )}) order by ${p.id} ${lock ? sql`for update of ${p}` : sql``}`,
  );
  const unknown = ids.filter((id) => !rows.some((r) => r.id === id));
  if (unknown.length > 0) throw notFound(`No piece with id ${unknown.join(', ')}`);
  return rows;
}

function noDuplicates<T>(values: T[], what: string): void {
  const seen = new Set<T>();
  const twice = values.filter((v) => (seen.has(v) ? true : (seen.add(v), false)));
  if (twice.length > 0) throw badRequest(`${what} lists ${[...new Set(twice)].join(', ')} more than once`);
}

function notInVault(pieces: PieceRow[]): string | null {
  const gone = pieces.filter((piece) => piece.status !== 'in_vault');
  return gone.length === 0 ? null : gone.map((piece) => `${piece.serial} is ${piece.status.replace('_', ' ')}`).join(', ');
}

const grams = (pieces: { denom: number }[]) => pieces.reduce((sum, piece) => sum + piece.denom, 0);

async function serialsTaken(db: Executor, serials: string[]): Promise<string[]> {
  if (serials.length === 0) return [];
  const rows = await selectRows<{ serial: string }>(
    db,
    sql`select ${p.serial} as "serial" from ${p} where ${p.serial} in (${sql.join(
      serials.map((s) => sql`${s}`),
      sql`, `,
    )}) order by 1`,
  );
  return rows.map((r) => r.serial);
}

// ---------------------------------------------------------------------------------------------
// Proposals
// ---------------------------------------------------------------------------------------------

export function proposeReceipt(db: Database, maker: Maker, body: StockReceiptBody): Promise<Confirmation> {
  noDuplicates(
    body.pieces.map((piece) => piece.serial),
    'pieces',
  );
  return db.transaction(async (tx) => {
    const location = await findLocation(tx, body.locationId);
    const denomination = await denominationOf(tx, body.denom);
    const taken = await serialsTaken(
      tx,
      body.pieces.map((piece) => piece.serial),
    );
    if (taken.length > 0) throw conflict(`Cannot receive: serial ${taken.join(', ')} is in the ledger already`);
    return proposeConfirmation(
      tx,
      {
        kind: 'receipt',
        makerId: maker.adminId,
        ipAddress: maker.ipAddress,
        summary: `Receipt of ${body.pieces.length} × ${body.denom} g at ${location.code} (${body.reference})`,
        payload: { ...body, denominationId: denomination.id },
        locationId: location.id,
        grams: body.pieces.length * body.denom,
        pieceCount: body.pieces.length,
      },
      { announce: true },
    );
  });
}

/**
 * The spec's Add Amount as a receipt at the first location with placeholder serials (made at the
 * confirmation), inside the caller's transaction; the caller publishes the event.
 */
export function proposePlaceholderReceipt(
  tx: Executor,
  maker: Maker,
  input: { denominationId: number; denom: number; amount: number; locationId: number; locationCode: string },
): Promise<Confirmation> {
  return proposeConfirmation(tx, {
    kind: 'receipt',
    makerId: maker.adminId,
    ipAddress: maker.ipAddress,
    summary: `Receipt of ${input.amount} × ${input.denom} g at ${input.locationCode} (Add Amount, placeholder serials)`,
    payload: {
      locationId: input.locationId,
      denom: input.denom,
      denominationId: input.denominationId,
      reference: 'Add Amount',
      placeholderCount: input.amount,
    },
    locationId: input.locationId,
    grams: input.amount * input.denom,
    pieceCount: input.amount,
  });
}

/** The one location all the pieces are at, or null. */
const commonLocation = (pieces: PieceRow[]) => (new Set(pieces.map((piece) => piece.locationId)).size === 1 ? pieces[0]!.locationId : null);

export function proposeWriteOff(db: Database, maker: Maker, body: WriteOffBody): Promise<Confirmation> {
  noDuplicates(body.pieceIds, 'pieceIds');
  return db.transaction(async (tx) => {
    const pieces = await piecesById(tx, body.pieceIds);
    const gone = notInVault(pieces);
    if (gone) throw conflict(`Cannot write off: ${gone}`);
    return proposeConfirmation(
      tx,
      {
        kind: 'write_off',
        makerId: maker.adminId,
        ipAddress: maker.ipAddress,
        summary: `Write-off of ${pieces.length} piece${pieces.length === 1 ? '' : 's'} (${grams(pieces)} g): ${body.reason}`,
        payload: { ...body, serials: pieces.map((piece) => piece.serial) },
        locationId: commonLocation(pieces),
        grams: grams(pieces),
        pieceCount: pieces.length,
      },
      { announce: true },
    );
  });
}

export function proposeTransfer(db: Database, maker: Maker, body: TransferBody): Promise<Confirmation> {
  noDuplicates(body.pieceIds, 'pieceIds');
  return db.transaction(async (tx) => {
    const to = await findLocation(tx, body.toLocationId);
    const pieces = await piecesById(tx, body.pieceIds);
    const gone = notInVault(pieces);
    if (gone) throw conflict(`Cannot transfer: ${gone}`);
    const there = pieces.filter((piece) => piece.locationId === to.id);
    if (there.length > 0) throw conflict(`Cannot transfer: ${there.map((piece) => piece.serial).join(', ')} is at ${to.code} already`);
    const from = [...new Set(pieces.map((piece) => piece.locationCode))].join(', ');
    return proposeConfirmation(
      tx,
      {
        kind: 'transfer',
        makerId: maker.adminId,
        ipAddress: maker.ipAddress,
        summary: `Transfer of ${pieces.length} piece${pieces.length === 1 ? '' : 's'} (${grams(pieces)} g) from ${from} to ${to.code}`,
        payload: { ...body, serials: pieces.map((piece) => piece.serial) },
        locationId: to.id,
        grams: grams(pieces),
        pieceCount: pieces.length,
      },
      { announce: true },
    );
  });
}

/**
 * A physical count of one denomination at one location: the ledger's pieces there not counted are
 * the variance (to leave as missing); a counted serial recorded missing there is found again. A
 * counted serial the ledger does not hold there is refused (it comes in by a receipt or a transfer).
 */
export function proposeCount(db: Database, maker: Maker, body: StockCountBody): Promise<Confirmation> {
  noDuplicates(body.countedSerials, 'countedSerials');
  return db.transaction(async (tx) => {
    const location = await findLocation(tx, body.locationId);
    const denomination = await denominationOf(tx, body.denom);
    const ledger = await selectRows<{ id: number; serial: string; status: string }>(
      tx,
      sql`select ${p.id} as "id", ${p.serial} as "serial", ${p.status} as "status" from ${p}
           where ${p.denominationId} = ${denomination.id} and ${p.locationId} = ${location.id} and ${p.status} in ('in_vault', 'missing')`,
    );
    const counted = new Set(body.countedSerials);
    const known = new Set(ledger.map((piece) => piece.serial));
    const strangers = body.countedSerials.filter((serial) => !known.has(serial));
    if (strangers.length > 0) {
      const listed = `${strangers.slice(0, 20).join(', ')}${strangers.length > 20 ? ` and ${strangers.length - 20} more` : ''}`;
      throw conflict(
        `Cannot count: not a ${body.denom} g piece of ${location.code} in the ledger (it comes in by a receipt or a transfer): ${listed}`,
      );
    }
    const missing = ledger.filter((piece) => piece.status === 'in_vault' && !counted.has(piece.serial));
    const found = ledger.filter((piece) => piece.status === 'missing' && counted.has(piece.serial));
    if (missing.length === 0 && found.length === 0) {
      throw conflict(
        `The count matches the ledger: ${body.countedSerials.length} × ${body.denom} g at ${location.code}, nothing to adjust`,
      );
    }
    const parts = [missing.length > 0 ? `${missing.length} missing` : null, found.length > 0 ? `${found.length} found` : null].filter(
      Boolean,
    );
    return proposeConfirmation(
      tx,
      {
        kind: 'count_adjustment',
        makerId: maker.adminId,
        ipAddress: maker.ipAddress,
        summary: `Count of ${body.denom} g at ${location.code}: ${body.countedSerials.length} counted, ${parts.join(', ')}`,
        payload: {
          locationId: location.id,
          denom: body.denom,
          denominationId: denomination.id,
          counted: body.countedSerials.length,
          note: body.note ?? null,
          missing: missing.map((piece) => ({ id: piece.id, serial: piece.serial })),
          found: found.map((piece) => ({ id: piece.id, serial: piece.serial })),
        },
        locationId: location.id,
        grams: (missing.length + found.length) * body.denom,
        pieceCount: missing.length + found.length,
      },
      { announce: true },
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Execution, inside the confirmation's transaction
// ---------------------------------------------------------------------------------------------

export interface Decision {
  confirmationId: number;
  makerId: number;
  checkerId: number;
}

/** Locks the denominations' rows in id order: every writer of stock does, so none deadlock. */
async function lockDenominations(tx: Executor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(
    sql`select ${d.id} from ${d} where ${d.id} in (${sql.join(
      [...new Set(ids)].map((id) => sql`${id}`),
      sql`, `,
    )}) order by ${d.id} for update`,
  );
}

/**
 * After the move: every (denomination, location) that lost pieces still holds at least what its
 * open redemptions reserve there, else 409 naming each (the transaction rolls back).
 */
async function requireReservationsCovered(tx: Executor, losers: { denominationId: number; locationId: number }[]): Promise<void> {
  if (losers.length === 0) return;
  const keys = sql.join(
    losers.map((key) => sql`(${key.denominationId}::int, ${key.locationId}::int)`),
    sql`, `,
  );
  const short = await selectRows<{ denom: number; code: string; inVault: number; reserved: number }>(
    tx,
    sql`select ${d.denom} as "denom", loc.code as "code", coalesce(v.pieces, 0) as "inVault", res.pieces as "reserved"
          from (values ${keys}) as k (denomination_id, location_id)
          join ${d} on ${d.id} = k.denomination_id join vault_locations loc on loc.id = k.location_id
          join (${reservedByLocation}) res on res.denomination_id = k.denomination_id and res.location_id = k.location_id
          left join (${inVaultByLocation}) v on v.denomination_id = k.denomination_id and v.location_id = k.location_id
         where coalesce(v.pieces, 0) < res.pieces order by ${d.denom} desc, loc.code`,
  );
  if (short.length > 0) {
    throw conflict(
      `Cannot confirm: it would leave fewer pieces than open redemptions reserve: ${short
        .map((s) => `${s.denom} g at ${s.code} (${s.inVault} left, ${s.reserved} reserved)`)
        .join(', ')}`,
    );
  }
}

/** Movements for the pieces moved, one each, in piece order. */
async function writeMovements(
  tx: Executor,
  decision: Decision,
  rows: { kind: string; pieceId: number; denominationId: number; from: number | null; to: number | null; note: string | null }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(vaultMovements).values(
    rows.map((row) => ({
      kind: row.kind as 'receipt',
      pieceId: row.pieceId,
      denominationId: row.denominationId,
      fromLocationId: row.from,
      toLocationId: row.to,
      note: row.note,
      confirmationId: decision.confirmationId,
      makerId: decision.makerId,
      checkerId: decision.checkerId,
    })),
  );
}

/** Executes a confirmed receipt, write-off, transfer or count; returns the denominations whose stock or places changed. */
export async function executeVaultConfirmation(
  tx: Executor,
  kind: 'receipt' | 'write_off' | 'transfer' | 'count_adjustment',
  payload: Record<string, unknown>,
  decision: Decision,
): Promise<number[]> {
  switch (kind) {
    case 'receipt':
      return executeReceipt(tx, payload as unknown as ReceiptPayload, decision);
    case 'write_off':
    case 'transfer':
      return executeMove(tx, kind, payload as unknown as MovePayload, decision);
    case 'count_adjustment':
      return executeCount(tx, payload as unknown as CountPayload, decision);
  }
}

type ReceiptPayload = StockReceiptBody & { denominationId: number; placeholderCount?: number };

async function executeReceipt(tx: Executor, payload: ReceiptPayload, decision: Decision): Promise<number[]> {
  await lockDenominations(tx, [payload.denominationId]);
  await findLocation(tx, payload.locationId);
  let made: { id: number }[];
  if (payload.placeholderCount !== undefined) {
    // Serials PH-<denom>G-<n>, numbered on from the denomination's placeholders (its row is locked).
    made = await selectRows<{ id: number }>(
      tx,
      sql`with first as (select count(*)::int + 1 as start from ${p} where ${p.denominationId} = ${payload.denominationId} and ${p.placeholder})
          insert into ${p} (serial, placeholder, refiner, fineness, denomination_id, location_id, receipt_reference)
          select 'PH-' || ${payload.denom}::int || 'G-' || lpad(g.k::text, greatest(6, length(g.k::text)), '0'), true, 'Unrecorded', 999.9,
                 ${payload.denominationId}::int, ${payload.locationId}::int, ${payload.reference}
            from first, generate_series(first.start, first.start + ${payload.placeholderCount}::int - 1) as g (k) order by g.k
          returning ${p.id} as "id"`,
    );
  } else {
    const taken = await serialsTaken(
      tx,
      payload.pieces.map((piece) => piece.serial),
    );
    if (taken.length > 0) throw conflict(`Cannot confirm: serial ${taken.join(', ')} is in the ledger already`);
    made = await tx
      .insert(p)
      .values(
        payload.pieces.map((piece) => ({
          serial: piece.serial,
          refiner: piece.refiner,
          fineness: String(piece.fineness),
          denominationId: payload.denominationId,
          locationId: payload.locationId,
          receiptReference: payload.reference,
        })),
      )
      .returning({ id: p.id });
  }
  await writeMovements(
    tx,
    decision,
    made.map((piece) => ({
      kind: 'receipt',
      pieceId: piece.id,
      denominationId: payload.denominationId,
      from: null,
      to: payload.locationId,
      note: payload.reference,
    })),
  );
  return [payload.denominationId];
}

type MovePayload = { pieceIds: number[]; reason?: string; toLocationId?: number };

async function executeMove(tx: Executor, kind: 'write_off' | 'transfer', payload: MovePayload, decision: Decision): Promise<number[]> {
  const unlocked = await piecesById(tx, payload.pieceIds);
  await lockDenominations(
    tx,
    unlocked.map((piece) => piece.denominationId),
  );
  // Read again under the denominations' locks: a hand-over or another confirmation may have taken them.
  const pieces = await piecesById(tx, payload.pieceIds, true);
  const gone = notInVault(pieces);
  if (gone) throw conflict(`Cannot confirm: ${gone}`);
  const ids = sql.join(
    pieces.map((piece) => sql`${piece.id}`),
    sql`, `,
  );
  if (kind === 'write_off') {
    await tx.execute(sql`update ${p} set status = 'written_off' where ${p.id} in (${ids})`);
  } else {
    const to = await findLocation(tx, payload.toLocationId!);
    const there = pieces.filter((piece) => piece.locationId === to.id);
    if (there.length > 0) throw conflict(`Cannot confirm: ${there.map((piece) => piece.serial).join(', ')} is at ${to.code} already`);
    await tx.execute(sql`update ${p} set location_id = ${to.id} where ${p.id} in (${ids})`);
  }
  await writeMovements(
    tx,
    decision,
    pieces.map((piece) => ({
      kind,
      pieceId: piece.id,
      denominationId: piece.denominationId,
      from: piece.locationId,
      to: kind === 'transfer' ? payload.toLocationId! : null,
      note: kind === 'write_off' ? (payload.reason ?? null) : null,
    })),
  );
  await requireReservationsCovered(
    tx,
    uniqueKeys(pieces.map((piece) => ({ denominationId: piece.denominationId, locationId: piece.locationId }))),
  );
  return [...new Set(pieces.map((piece) => piece.denominationId))];
}

const uniqueKeys = (keys: { denominationId: number; locationId: number }[]) => [
  ...new Map(keys.map((k) => [`${k.denominationId}:${k.locationId}`, k])).values(),
];

type CountPayload = {
  locationId: number;
  denominationId: number;
  note: string | null;
  missing: { id: number; serial: string }[];
  found: { id: number; serial: string }[];
};

async function executeCount(tx: Executor, payload: CountPayload, decision: Decision): Promise<number[]> {
  await lockDenominations(tx, [payload.denominationId]);
  const ids = [...payload.missing, ...payload.found].map((piece) => piece.id);
  const pieces = await piecesById(tx, ids, true);
  const changed = pieces.filter((piece) => {
    const expected = payload.missing.some((m) => m.id === piece.id) ? 'in_vault' : 'missing';
    return piece.status !== expected || piece.locationId !== payload.locationId;
  });
  if (changed.length > 0) {
    throw conflict(
      `Cannot confirm: the ledger changed since the count (${changed.map((piece) => `${piece.serial} is ${piece.status.replace('_', ' ')}`).join(', ')}): count again`,
    );
  }
  const note = payload.note ? `Count: ${payload.note}` : 'Count';
  const list = (rows: { id: number }[]) =>
    sql.join(
      rows.map((row) => sql`${row.id}`),
      sql`, `,
    );
  if (payload.missing.length > 0) await tx.execute(sql`update ${p} set status = 'missing' where ${p.id} in (${list(payload.missing)})`);
  if (payload.found.length > 0) await tx.execute(sql`update ${p} set status = 'in_vault' where ${p.id} in (${list(payload.found)})`);
  await writeMovements(tx, decision, [
    ...payload.missing.map((piece) => ({
      kind: 'count_adjustment',
      pieceId: piece.id,
      denominationId: payload.denominationId,
      from: payload.locationId,
      to: null,
      note,
    })),
    ...payload.found.map((piece) => ({
      kind: 'count_adjustment',
      pieceId: piece.id,
      denominationId: payload.denominationId,
      from: null,
      to: payload.locationId,
      note,
    })),
  ]);
  if (payload.missing.length > 0)
    await requireReservationsCovered(tx, [{ denominationId: payload.denominationId, locationId: payload.locationId }]);
  return [payload.denominationId];
}

import { sql, type SQL } from 'drizzle-orm';
import type {
  CreateVaultLocationBody,
  VaultLocation,
  VaultMovement,
  VaultMovementListQuery,
  VaultPiece,
  VaultPieceListQuery,
} from '@gold/contract';
import { selectRows, type Database } from '../../db/client';
import { fetchPage, isoTimestamp, streamRows, type ListSource } from '../../db/paging';
import { admins, goldDenominations, vaultLocations, vaultMovements, vaultPieces } from '../../db/schema';
import { conflict } from '../../lib/http-errors';
import { recordAudit } from '../audit/audit.repository';

const p = vaultPieces;
const m = vaultMovements;
const d = goldDenominations;
const l = vaultLocations;

// ---------------------------------------------------------------------------------------------
// Locations
// ---------------------------------------------------------------------------------------------

const locationColumns = sql`${l.id} as "id", ${l.code} as "code", ${l.name} as "name", ${isoTimestamp(l.createdAt)} as "createdAt"`;

export async function listLocations(db: Database): Promise<{ data: VaultLocation[]; total: number }> {
  const data = await selectRows<VaultLocation>(db, sql`select ${locationColumns} from ${l} order by ${l.name}, ${l.id}`);
  return { data, total: data.length };
}

/** A new, empty location (audited); 409 when the code is taken. */
export function createLocation(
  db: Database,
  adminId: number,
  body: CreateVaultLocationBody,
  ipAddress: string | null,
): Promise<VaultLocation> {
  return db.transaction(async (tx) => {
    const [row] = await selectRows<VaultLocation>(
      tx,
      sql`insert into ${l} (code, name) values (${body.code}, ${body.name}) on conflict (code) do nothing returning ${locationColumns}`,
    );
    if (!row) throw conflict(`A vault location with code ${body.code} exists already`);
    await recordAudit(tx, {
      adminId,
      ipAddress,
      action: 'vault.location-create',
      entity: 'vault_location',
      entityId: row.id,
      toState: row.code,
      details: { code: row.code, name: row.name },
    });
    return row;
  });
}

// ---------------------------------------------------------------------------------------------
// Pieces
// ---------------------------------------------------------------------------------------------

type PieceSort = VaultPieceListQuery['sort'];

/** The bar list: one row a piece, with its denomination and location. */
function pieceSource(query: VaultPieceListQuery): ListSource<PieceSort> {
  const filters: SQL[] = [];
  // Serials start with what was typed (an index range on the unique serial index).
  if (query.search) filters.push(sql`${p.serial} like ${`${query.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`} escape '\\'`);
  if (query.status) filters.push(sql`${p.status} = ${query.status}`);
  if (query.locationId) filters.push(sql`${p.locationId} = ${query.locationId}`);
  if (query.denominationId) filters.push(sql`${p.denominationId} = ${query.denominationId}`);
  const where = filters.length > 0 ? sql.join(filters, sql` and `) : undefined;
  return {
    select: sql`select ${p.id} as "id", ${p.serial} as "serial", ${p.placeholder} as "placeholder", ${p.refiner} as "refiner",
                       ${p.fineness}::float8 as "fineness", ${p.denominationId} as "denominationId", ${d.denom} as "denom",
                       json_build_object('id', ${l.id}, 'code', ${l.code}, 'name', ${l.name}) as "location",
                       ${p.status} as "status", ${p.redemptionId} as "redemptionId", ${p.receiptReference} as "receiptReference",
                       ${isoTimestamp(p.receivedAt)} as "receivedAt"
                  from ${p} join ${d} on ${d.id} = ${p.denominationId} join ${l} on ${l.id} = ${p.locationId}`,
    where,
    orderBy: {
      serial: [sql`${p.serial}`],
      receivedAt: [sql`${p.receivedAt}`, sql`${p.id}`],
      denom: [sql`${d.denom}`, sql`${p.serial}`],
    },
    count: async (db) =>
      (await selectRows<{ n: number }>(db, sql`select count(*)::int as n from ${p} ${where ? sql`where ${where}` : sql``}`))[0]?.n ?? 0,
  };
}

export function findPiecePage(db: Database, query: VaultPieceListQuery & { limit: number; page: number }) {
  return fetchPage<VaultPiece, PieceSort>(db, pieceSource(query), query);
}

export function streamPieces(db: Database, query: VaultPieceListQuery) {
  return streamRows<VaultPiece, PieceSort>(db, pieceSource(query), query);
}

/** The bar list's CSV: one row a piece, flat. */
export const pieceExportColumns = [
  'serial',
  'placeholder',
  'refiner',
  'fineness',
  'denom',
  'location',
  'status',
  'redemptionId',
  'receiptReference',
  'receivedAt',
] as const;
export type PieceExportRow = Record<(typeof pieceExportColumns)[number], string | number | boolean | null>;

export async function* pieceExportRows(db: Database, query: VaultPieceListQuery): AsyncIterable<PieceExportRow[]> {
  for await (const batch of streamPieces(db, query)) {
    yield batch.map((piece) => ({
      serial: piece.serial,
      placeholder: piece.placeholder ? 'true' : 'false',
      refiner: piece.refiner,
      fineness: piece.fineness,
      denom: piece.denom,
      location: piece.location.code,
      status: piece.status,
      redemptionId: piece.redemptionId,
      receiptReference: piece.receiptReference,
      receivedAt: piece.receivedAt,
    }));
  }
}

// ---------------------------------------------------------------------------------------------
// Movements
// ---------------------------------------------------------------------------------------------

type MovementSort = VaultMovementListQuery['sort'];

function movementSource(query: VaultMovementListQuery): ListSource<MovementSort> {
  const filters: SQL[] = [];
  if (query.kind) filters.push(sql`${m.kind} = ${query.kind}`);
  if (query.pieceId) filters.push(sql`${m.pieceId} = ${query.pieceId}`);
  if (query.locationId) filters.push(sql`(${m.fromLocationId} = ${query.locationId} or ${m.toLocationId} = ${query.locationId})`);
  if (query.redemptionId) filters.push(sql`${m.redemptionId} = ${query.redemptionId}`);
  const where = filters.length > 0 ? sql.join(filters, sql` and `) : undefined;
  return {
    select: sql`select ${m.id}::int as "id", ${m.kind} as "kind", ${m.pieceId} as "pieceId", ${p.serial} as "serial", ${d.denom} as "denom",
                       case when fl.id is null then null else json_build_object('id', fl.id, 'code', fl.code) end as "fromLocation",
                       case when tl.id is null then null else json_build_object('id', tl.id, 'code', tl.code) end as "toLocation",
                       ${m.redemptionId} as "redemptionId", ${m.note} as "note", ${m.confirmationId} as "confirmationId",
                       case when mk.id is null then null else json_build_object('id', mk.id, 'fullName', mk.full_name) end as "maker",
                       case when ck.id is null then null else json_build_object('id', ck.id, 'fullName', ck.full_name) end as "checker",
                       ${isoTimestamp(m.createdAt)} as "createdAt"
                  from ${m} join ${p} on ${p.id} = ${m.pieceId} join ${d} on ${d.id} = ${m.denominationId}
                  left join ${l} fl on fl.id = ${m.fromLocationId} left join ${l} tl on tl.id = ${m.toLocationId}
                  left join ${admins} mk on mk.id = ${m.makerId} left join ${admins} ck on ck.id = ${m.checkerId}`,
    where,
    orderBy: { createdAt: [sql`${m.createdAt}`, sql`${m.id}`] },
    count: async (db) =>
      (await selectRows<{ n: number }>(db, sql`select count(*)::int as n from ${m} ${where ? sql`where ${where}` : sql``}`))[0]?.n ?? 0,
  };
}

export function findMovementPage(db: Database, query: VaultMovementListQuery & { limit: number; page: number }) {
  return fetchPage<VaultMovement, MovementSort>(db, movementSource(query), query);
}

export function streamMovements(db: Database, query: VaultMovementListQuery) {
  return streamRows<VaultMovement, MovementSort>(db, movementSource(query), query);
}

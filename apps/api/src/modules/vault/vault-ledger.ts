import { sql, type SQL } from 'drizzle-orm';
import { openRedemptionStatuses } from '@gold/contract';
import { preparedRows, selectRows, type Executor } from '../../db/client';
import {
  goldDenominations,
  redemptionPieces,
  redemptions,
  vaultLocationCounts,
  vaultLocations,
  vaultMovements,
  vaultPieces,
} from '../../db/schema';
import { conflict, notFound } from '../../lib/http-errors';

/**
 * The vault ledger's reads and the hand-over's writes, for the other modules (redemptions,
 * receipts, platform, denominations, reserves). Pieces in_vault at all locations = the
 * denomination's available (stock − REDEEMED pieces): a hand-over takes exactly the redeemed pieces.
 */

const p = vaultPieces;
const d = goldDenominations;
const l = vaultLocations;
const r = redemptions;
const rp = redemptionPieces;
/** Trigger-kept per (denomination, location): in_vault and reserved (migration 0032). */
const c = vaultLocationCounts;

export interface HandedOverPiece {
  pieceId: number;
  serial: string;
  placeholder: boolean;
  refiner: string;
  /** Parts per thousand, e.g. 999.9. */
  fineness: number;
  /** Grams a piece. */
  denom: number;
}

export interface HandOverActor {
  makerId: number;
  /** The second admin when the hand-over needed one (above the threshold), else null. */
  checkerId: number | null;
  confirmationId: number | null;
}

/** Per (denomination, location): pieces in the vault there. */
export const inVaultByLocation = sql`select ${c.denominationId} as denomination_id, ${c.locationId} as location_id, ${c.inVault} as pieces from ${c}`;

/** Per (denomination, location): pieces asked for by open redemptions collected there. */
export const reservedByLocation = sql`select ${c.denominationId} as denomination_id, ${c.locationId} as location_id, ${c.reserved} as pieces from ${c}`;

/**
 * For the denomination whose id is `denominationId` (a column of the outer query): a JSON array of
 * the contract's stockAtLocation, every location by code, from the trigger-kept counts.
 */
export function stockAtLocationsJson(denominationId: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object('locationId', loc.id, 'code', loc.code, 'name', loc.name,
                'available', coalesce(kept.in_vault, 0), 'reserved', coalesce(kept.reserved, 0)
              ) order by loc.code), '[]'::json)
              from ${l} loc left join ${c} kept on kept.location_id = loc.id and kept.denomination_id = ${denominationId})`;
}

export interface LocationLine {
  denominationId: number;
  denom: number;
  requested: number;
  /** Pieces of this denomination in the vault at the redemption's location. */
  inVaultHere: number;
  locationCode: string;
}

/** For each denomination a redemption asks for: requested and in the vault at its location, in id order. */
export function redemptionLinesAtLocation(tx: Executor, redemptionId: number): Promise<LocationLine[]> {
  return selectRows<LocationLine>(
    tx,
    sql`select ${rp.denominationId} as "denominationId", ${d.denom} as "denom", ${rp.amount} as "requested",
               coalesce((select ${c.inVault} from ${c} where ${c.denominationId} = ${rp.denominationId} and ${c.locationId} = ${r.locationId}), 0)
                 as "inVaultHere",
               ${l.code} as "locationCode"
          from ${rp} join ${r} on ${r.id} = ${rp.redemptionId} join ${d} on ${d.id} = ${rp.denominationId}
          join ${l} on ${l.id} = ${r.locationId}
         where ${rp.redemptionId} = ${redemptionId} order by ${rp.denominationId}`,
  );
}

/** "10 g (2 requested, 1 in the vault at JKT-01)" for every line short at its location, or null. */
export function shortAtLocation(lines: LocationLine[]): string | null {
  const short = lines.filter((line) => line.inVaultHere < line.requested);
  if (short.length === 0) return null;
  return short.map((s) => `${s.denom} g (${s.requested} requested, ${s.inVaultHere} in the vault at ${s.locationCode})`).join(', ');
}

const handedOverColumns: SQL = sql`${p.id} as "pieceId", ${p.serial} as "serial", ${p.placeholder} as "placeholder",
  ${p.refiner} as "refiner", ${p.fineness}::float8 as "fineness", ${d.denom} as "denom"`;

/**
 * Inside the approve transaction, after lockStockForHandOver (the denominations are locked): takes,
 * per line of the redemption, that many pieces in the vault at the redemption's location (lowest
 * id first), marks them handed over for it and writes one hand_over movement each. 409 naming
 * every short line when the location lacks pieces (nothing is written).
 */
export async function assignPiecesForHandOver(tx: Executor, redemptionId: number, actor: HandOverActor): Promise<HandedOverPiece[]> {
  const [already] = await selectRows<{ n: number }>(tx, sql`select count(*)::int as n from ${p} where ${p.redemptionId} = ${redemptionId}`);
  if ((already?.n ?? 0) > 0) throw conflict(`Cannot hand over: redemption ${redemptionId} has pieces handed over already`);
  const lines = await redemptionLinesAtLocation(tx, redemptionId);
  if (lines.length === 0) throw notFound(`Redemption ${redemptionId} has no pieces`);
  const short = shortAtLocation(lines);
  if (short) throw conflict(`Cannot hand over: not enough pieces at the redemption's location: ${short}`);
  const taken = sql.join(
    lines.map(
      (line) => sql`(select ${p.id} from ${p}
          where ${p.denominationId} = ${line.denominationId} and ${p.status} = 'in_vault'
            and ${p.locationId} = (select ${r.locationId} from ${r} where ${r.id} = ${redemptionId})
          order by ${p.id} limit ${line.requested})`,
    ),
    sql` union all `,
  );
  const moved = await selectRows<{ n: number }>(
    tx,
    sql`with chosen as (${taken}),
             handed as (
               update ${p} set status = 'handed_over', redemption_id = ${redemptionId}
                where ${p.id} in (select id from chosen) and ${p.status} = 'in_vault'
               returning ${p.id} as id, ${p.denominationId} as denomination_id, ${p.locationId} as location_id
             ),
             written as (
               insert into ${vaultMovements} (kind, piece_id, denomination_id, from_location_id, redemption_id, confirmation_id, maker_id, checker_id)
               select 'hand_over', id, denomination_id, location_id, ${redemptionId}::int, ${actor.confirmationId}::int, ${actor.makerId}::int, ${actor.checkerId}::int
                 from handed order by id
               returning 1
             )
        select count(*)::int as n from written`,
  );
  const wanted = lines.reduce((sum, line) => sum + line.requested, 0);
  // The denominations are locked, so the pieces chosen are still there; a difference means they were not.
  if ((moved[0]?.n ?? 0) !== wanted) throw conflict(`Cannot hand over: the pieces of redemption ${redemptionId} changed meanwhile`);
  return handedOverPieces(tx, redemptionId);
}

/** The pieces handed over for a redemption (for its receipt), largest denomination first, then by serial. */
export function handedOverPieces(db: Executor, redemptionId: number): Promise<HandedOverPiece[]> {
  return selectRows<HandedOverPiece>(
    db,
    sql`select ${handedOverColumns} from ${p} join ${d} on ${d.id} = ${p.denominationId}
         where ${p.redemptionId} = ${redemptionId} and ${p.status} = 'handed_over'
         order by ${d.denom} desc, ${p.serial}`,
  );
}

/**
 * A new request's check at its location: per denomination asked for, pieces in the vault there
 * minus those reserved there by open redemptions. Call it with the denominations locked.
 */
export async function unreservedAtLocation(tx: Executor, locationId: number, denominationIds: number[]): Promise<Map<number, number>> {
  if (denominationIds.length === 0) return new Map();
  // One trigger-kept row per denomination asked for (absent: nothing there yet).
  const rows = await selectRows<{ denominationId: number; unreserved: number }>(
    tx,
    sql`select ${c.denominationId} as "denominationId", ${c.inVault} - ${c.reserved} as "unreserved"
          from ${c} where ${c.locationId} = ${locationId} and ${c.denominationId} in (${sql.join(
            denominationIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
  return new Map(rows.map((row) => [row.denominationId, row.unreserved]));
}

export interface RequestableLine {
  id: number;
  denom: number;
  redeemable: boolean;
  /** Pieces a new request may take: unreserved in the whole vault and at the location, the lesser. */
  unreserved: number;
}

/**
 * A new request's stock, per denomination asked for (by grams; every denomination without a list):
 * unreserved in the vault (stock − REDEEMED − open, the spec's formula) and at the location (in the
 * vault there − reserved there), the lesser; one statement over the trigger-kept counters. A
 * request calls it with the denominations locked.
 */
export function requestableAtLocation(tx: Executor, locationId: number, denoms?: number[]): Promise<RequestableLine[]> {
  return preparedRows<RequestableLine>(tx, 'requestable_at_location', requestableAtLocationQuery(locationId, denoms));
}

/** requestableAtLocation's statement, for a request that reads the stock and inserts in one statement. */
export function requestableAtLocationQuery(locationId: number, denoms?: number[]): SQL {
  return sql`select ${d.id} as "id", ${d.denom} as "denom", ${d.redeemable} as "redeemable",
               least(${d.amount} - coalesce((select sum(k.pieces) from denomination_piece_counts k
                                              where k.denomination_id = ${d.id} and k.status in ('REDEEMED', ${sql.join(
                                                openRedemptionStatuses.map((status) => sql`${status}`),
                                                sql`, `,
                                              )})), 0),
                     coalesce(${c.inVault} - ${c.reserved}, 0))::int as "unreserved"
          from ${d} left join ${c} on ${c.denominationId} = ${d.id} and ${c.locationId} = ${locationId}
         where ${
           denoms
             ? sql`${d.denom} in (${sql.join(
                 denoms.map((denom) => sql`${denom}`),
                 sql`, `,
               )})`
             : sql`true`
         } order by ${d.denom}`;
}

/** The location, or 404 naming it. */
export async function findLocation(db: Executor, locationId: number): Promise<{ id: number; code: string; name: string }> {
  const [row] = await selectRows<{ id: number; code: string; name: string }>(
    db,
    sql`select ${l.id} as "id", ${l.code} as "code", ${l.name} as "name" from ${l} where ${l.id} = ${locationId}`,
  );
  if (!row) throw notFound(`Vault location ${locationId} not found`);
  return row;
}

import type { ReserveSnapshotReason, ReservesResponse as ReservesAnswer } from '@gold/contract';
import { sql } from 'drizzle-orm';
import { selectRows, type Database, type Executor } from '../../db/client';
import { inVaultByLocation, reservedByLocation } from '../vault/vault-ledger';
import { recordAudit } from '../audit/audit.repository';
import type { ChainLogger, StoredTransferRange } from '../chain';
import { publishEvent } from '../live-updates/live-updates.repository';
import { isBacked, reserveFigures, toUnits } from './reserve-figures';
import {
  insertSnapshot,
  latestSnapshot,
  lockSnapshots,
  settlementAmounts,
  snapshotAmounts,
  vaultGrams,
  type SnapshotRow,
} from './reserves.repository';
import { readSupply, type SupplyReading, type SupplySource } from './supply-reader';

/** The reading of GET /admin/reserves; the route adds the vault's breakdown by location (read now). */
type ReservesResponse = Omit<ReservesAnswer, 'byLocation'>;

/**
 * Per vault location, now: pieces and grams in the vault and reserved there (the vault ledger).
 */
export async function reservesByLocation(db: Executor): Promise<ReservesAnswer['byLocation']> {
  return selectRows<ReservesAnswer['byLocation'][number]>(
    db,
    sql`select l.id as "locationId", l.code as "code", l.name as "name",
               coalesce(sum(v.pieces), 0)::int as "available", coalesce(sum(res.pieces), 0)::int as "reserved",
               coalesce(sum(v.pieces * d.denom), 0)::text as "vaultGrams", coalesce(sum(res.pieces * d.denom), 0)::text as "reservedGrams"
          from vault_locations l left join gold_denominations d on true
          left join (${inVaultByLocation}) v on v.location_id = l.id and v.denomination_id = d.id
          left join (${reservedByLocation}) res on res.location_id = l.id and res.denomination_id = d.id
         group by l.id order by l.code`,
  );
}

export interface SnapshotCause {
  reason: ReserveSnapshotReason;
  /** The admin whose action changed the vault (null for the chain). */
  adminId?: number | null;
  ipAddress?: string | null;
}

/**
 * Writes a reserves snapshot if the tokens outstanding or the vault's grams differ from the latest
 * snapshot, and audits a crossing of 100% coverage (either way). Call it inside the transaction that
 * changed the vault (stock added, an approval), so the snapshot and the change commit together, or
 * with a fresh chain reading (the watcher saw a mint or burn). Without a reading the supply is the
 * latest snapshot's: adding stock or approving does not change it. Snapshots are written under one
 * advisory lock held until commit, so whichever process writes, each crossing is audited once.
 */
export async function recordReserveSnapshot(tx: Executor, cause: SnapshotCause, reading?: SupplyReading): Promise<SnapshotRow | null> {
  await lockSnapshots(tx);
  const latest = await latestSnapshot(tx);
  const supply = reading ?? (latest ? snapshotAmounts(latest) : undefined);
  // Never read yet: the transfer watcher's first reading writes the first snapshot.
  if (!supply) return null;
  const vault = await vaultGrams(tx);
  // Read in the caller's transaction: an approval's burn, queued before this call, is in flight here.
  const settlement = await settlementAmounts(tx, supply.blockNumber);
  if (
    latest &&
    toUnits(latest.supply) === supply.supply &&
    toUnits(latest.vaultGrams) === vault.vaultGrams &&
    toUnits(latest.burnsInFlight) === settlement.burnsInFlight
  )
    return null;

  const amounts = { supply: supply.supply, blockNumber: supply.blockNumber, blockTime: supply.blockTime, ...vault, ...settlement };
  const backed = isBacked(amounts);
  const snapshot = await insertSnapshot(tx, cause.reason, { ...amounts, backed });
  // No earlier snapshot: an empty vault with no tokens counts as backed.
  const wasBacked = latest?.backed ?? true;
  if (wasBacked !== backed) {
    const figures = reserveFigures(amounts);
    await recordAudit(tx, {
      adminId: cause.adminId ?? null,
      ipAddress: cause.ipAddress ?? null,
      action: backed ? 'reserves.backed' : 'reserves.under-backed',
      entity: 'reserves',
      entityId: snapshot.id,
      fromState: wasBacked ? 'backed' : 'under-backed',
      toState: backed ? 'backed' : 'under-backed',
      details: {
        reason: cause.reason,
        supply: figures.supply,
        vaultGrams: figures.vaultGrams,
        shortfallGrams: figures.shortfallGrams,
        coveragePercent: figures.coveragePercent,
        blockNumber: figures.blockNumber,
      },
    });
  }
  await publishEvent(tx, { type: 'reserves.changed', snapshotId: snapshot.id, backed });
  return snapshot;
}

/**
 * The transfer watcher's hook: once it has stored every block up to the head and a mint or burn
 * was among them (or on its first pass), the supply is read at that block and a snapshot written.
 * It never throws (the watcher goes on); a failed reading is tried again after the next range.
 */
export function reserveSnapshotsOnTransfers(db: Database, log: ChainLogger): (range: StoredTransferRange) => Promise<void> {
  let pending: ReserveSnapshotReason | null = 'start';
  return async (range) => {
    if (range.supplyChanges > 0) pending = 'mint-burn';
    if (!pending || range.toBlock < range.head) return;
    try {
      const reading = await readSupply(range.reader, BigInt(range.toBlock));
      const reason = pending;
      await db.transaction((tx) => recordReserveSnapshot(tx, { reason }, reading));
      pending = null;
    } catch (error) {
      log.warn(
        { err: (error as Error).message, block: range.toBlock },
        'reserves: no snapshot of the supply yet; trying again after the next blocks',
      );
    }
  };
}

/** A reading as GET /admin/reserves answers it, and when it was made. */
interface GoodReading {
  response: ReservesResponse;
  readAt: Date;
}

const describeFailure = (error: unknown) => {
  const text = error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : String(error);
  // Node URLs may carry an API key: name the node by origin only.
  return (text.split('\n')[0] ?? '').replace(/https?:\/\/\S+/g, (url) => {
    try {
      return new URL(url).origin;
    } catch {
      return '<url>';
    }
  });
};

/**
 * GET /admin/reserves: the supply read from the chain now (at `finalBlock`, the transfer watcher's
 * finalized block, when there is one: pending mints and burns do not count) and the vault's grams from the database.
 * When the chain cannot be read it says so and answers the last good reading with its age (this
 * process's, else the latest snapshot), never a figure it did not read.
 */
export function createReservesReading(db: Database, chain: () => SupplySource | undefined, finalBlock?: () => bigint | undefined) {
  let lastGood: GoodReading | undefined;

  const stale = async (message: string): Promise<ReservesResponse> => {
    let good = lastGood;
    if (!good) {
      const snapshot = await latestSnapshot(db);
      if (snapshot)
        good = {
          readAt: new Date(snapshot.createdAt),
          response: { ...live(reserveFigures(snapshotAmounts(snapshot))), readAt: snapshot.createdAt },
        };
    }
    if (!good) return { status: 'unavailable', message, reading: null, readAt: null, ageSeconds: null };
    return {
      status: 'stale',
      message,
      reading: good.response.reading,
      readAt: good.readAt.toISOString(),
      ageSeconds: Math.max(0, Math.floor((Date.now() - good.readAt.getTime()) / 1000)),
    };
  };
  const live = (reading: ReservesResponse['reading']): ReservesResponse => ({
    status: 'live',
    message: null,
    reading,
    readAt: new Date().toISOString(),
    ageSeconds: 0,
  });

  return async function currentReserves(): Promise<ReservesResponse> {
    const source = chain();
    if (!source) return stale('The chain is not being read (the node did not start or is not reachable): showing the last good reading');
    const [vault, supply] = await Promise.all([
      vaultGrams(db),
      readSupply(source, finalBlock?.()).catch((error: unknown) => ({ failure: describeFailure(error) })),
    ]);
    if ('failure' in supply) return stale(`The chain node does not answer (${supply.failure}): showing the last good reading`);
    const settlement = await settlementAmounts(db, supply.blockNumber);
    const response = live(reserveFigures({ ...supply, ...vault, ...settlement }));
    lastGood = { response, readAt: new Date(response.readAt!) };
    return response;
  };
}

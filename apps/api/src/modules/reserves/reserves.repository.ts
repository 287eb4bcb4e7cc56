import { sql } from 'drizzle-orm';
import type { ReserveHistoryQuery, ReserveSnapshotReason } from '@gold/contract';
import { selectRows, type Database, type Executor } from '../../db/client';
import { fetchPage, isoTimestamp, streamRows, type ListSource } from '../../db/paging';
import { chainTransactions, escrowDeposits, reserveSnapshots, tokenTransactions } from '../../db/schema';
import { gramsInVault } from '../vault/vault.repository';
import { fromUnits, toUnits, type ReserveAmounts } from './reserve-figures';

const s = reserveSnapshots;

/** The vault's grams and grams reserved (modules/vault) in units: the reserves compare them with the supply. */
export async function vaultGrams(db: Executor): Promise<{ vaultGrams: bigint; reservedGrams: bigint }> {
  const grams = await gramsInVault(db);
  return { vaultGrams: toUnits(grams.vault), reservedGrams: toUnits(grams.reserved) };
}

/**
 * The settlement's figures at a block: the burns queued for hand-overs whose transfer had not
 * landed by `block` (neither failed, nor indexed as a BURN at or below it; a burn final above it
 * is in flight for a reading at it), and the tokens held in escrow (final deposits not released).
 * Open burns are few (a partial index); final ones are read only above the block (indexed).
 */
export async function settlementAmounts(db: Executor, block: number): Promise<{ burnsInFlight: bigint; escrowHeld: bigint }> {
  const [row] = await selectRows<{ burnsInFlight: string; escrowHeld: string }>(
    db,
    sql`select
          (select coalesce(sum(c.amount), 0) from ${chainTransactions} c
            where c.kind = 'burn' and (c.state in ('queued', 'signed', 'sent') or (c.state = 'final' and c.mined_block > ${block}))
              and not exists (select 1 from ${tokenTransactions} t
                               where t.type = 'BURN' and (t.txhash = any(c.sent_hashes) or t.txhash = c.tx_hash)
                                 and (t.block_number is null or t.block_number <= ${block})))::text as "burnsInFlight",
          (select coalesce(sum(d.amount), 0) from ${escrowDeposits} d join ${tokenTransactions} t on t.id = d.transfer_id
            where d.release is null and t.final)::text as "escrowHeld"`,
  );
  return { burnsInFlight: toUnits(row!.burnsInFlight), escrowHeld: toUnits(row!.escrowHeld) };
}

/** A snapshot row as the database answers it: amounts as exact text, times as ISO-8601 UTC. */
export interface SnapshotRow {
  id: number;
  createdAt: string;
  reason: ReserveSnapshotReason;
  blockNumber: number;
  blockTime: string;
  supply: string;
  vaultGrams: string;
  reservedGrams: string;
  burnsInFlight: string;
  escrowHeld: string;
  backed: boolean;
}

const snapshotColumns = sql`${s.id} as "id", ${isoTimestamp(s.createdAt)} as "createdAt", ${s.reason} as "reason",
  ${s.blockNumber} as "blockNumber", ${isoTimestamp(s.blockTime)} as "blockTime", ${s.supply}::text as "supply",
  ${s.vaultGrams}::text as "vaultGrams", ${s.reservedGrams}::text as "reservedGrams",
  trim_scale(${s.burnsInFlight})::text as "burnsInFlight", trim_scale(${s.escrowHeld})::text as "escrowHeld", ${s.backed} as "backed"`;

export const snapshotAmounts = (row: SnapshotRow): ReserveAmounts => ({
  supply: toUnits(row.supply),
  vaultGrams: toUnits(row.vaultGrams),
  reservedGrams: toUnits(row.reservedGrams),
  burnsInFlight: toUnits(row.burnsInFlight),
  escrowHeld: toUnits(row.escrowHeld),
  blockNumber: row.blockNumber,
  blockTime: new Date(row.blockTime),
});

export async function latestSnapshot(db: Executor): Promise<SnapshotRow | undefined> {
  const [row] = await selectRows<SnapshotRow>(db, sql`select ${snapshotColumns} from ${s} order by ${s.id} desc limit 1`);
  return row;
}

/**
 * Dated when it is written (clock_timestamp), not when its transaction began (now()): snapshots are
 * written one at a time under lockSnapshots, so the newest by date is the last written, the one that saw
 * every change committed before it. Two admins adding stock at once: the transaction that began first
 * may write last, and dated by its start it would sit below the other's, which missed its stock.
 */
export async function insertSnapshot(
  db: Executor,
  reason: ReserveSnapshotReason,
  amounts: ReserveAmounts & { backed: boolean },
): Promise<SnapshotRow> {
  const [row] = await selectRows<SnapshotRow>(
    db,
    sql`insert into ${s} (created_at, reason, block_number, block_time, supply, vault_grams, reserved_grams, burns_in_flight, escrow_held, backed)
        values (clock_timestamp(), ${reason}, ${amounts.blockNumber}, ${amounts.blockTime.toISOString()}::timestamptz, ${fromUnits(amounts.supply)}::numeric,
                ${fromUnits(amounts.vaultGrams)}::numeric, ${fromUnits(amounts.reservedGrams)}::numeric,
                ${fromUnits(amounts.burnsInFlight ?? 0n)}::numeric, ${fromUnits(amounts.escrowHeld ?? 0n)}::numeric, ${amounts.backed})
        returning ${snapshotColumns}`,
  );
  return row!;
}

/** Advisory-lock key (two-key form, the events module's namespace) under which snapshots are written. */
export async function lockSnapshots(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${0x5167_0010}, 2)`);
}

/** The history list: newest first by default; (created_at, id) is indexed and read either way. */
const historySource: ListSource<ReserveHistoryQuery['sort']> = {
  select: sql`select ${snapshotColumns} from ${s}`,
  orderBy: { createdAt: [sql`${s.createdAt}`, sql`${s.id}`] },
  count: async (db) => (await selectRows<{ n: number }>(db, sql`select count(*)::int as n from ${s}`))[0]?.n ?? 0,
};

export function findSnapshotPage(db: Database, query: ReserveHistoryQuery & { limit: number; page: number }) {
  return fetchPage<SnapshotRow, ReserveHistoryQuery['sort']>(db, historySource, query);
}

export function streamSnapshots(db: Database, query: Pick<ReserveHistoryQuery, 'sort' | 'order'>) {
  return streamRows<SnapshotRow, ReserveHistoryQuery['sort']>(db, historySource, query);
}

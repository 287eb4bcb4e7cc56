import { sql } from 'drizzle-orm';
import type { PriceListQuery, PricePoint, PriceResponse, PriceSortField, StoredPrice } from '@gold/contract';
import { selectRows, type Database, type Executor } from '../../db/client';
import { countedRows, fetchPage, isoTimestamp, streamRows, type ListSource } from '../../db/paging';
import { goldPrices } from '../../db/schema';

const p = goldPrices;

/**
 * The newest price (the index on created_at, id read backwards: one row), stale when older than
 * `staleAfterMinutes` by the database's clock (the one that dates it, so no clock skew between processes).
 */
export async function latestPrice(db: Executor, staleAfterMinutes: number): Promise<PriceResponse | undefined> {
  const [row] = await selectRows<PriceResponse>(
    db,
    sql`select ${p.hargaJual} as "harga_jual", ${p.hargaBeli} as "harga_beli", ${isoTimestamp(p.createdAt)} as "createdAt",
               ${p.createdAt} < now() - make_interval(mins => ${staleAfterMinutes}) as "stale", ${staleAfterMinutes}::int as "staleAfterMinutes"
        from ${p} order by ${p.createdAt} desc, ${p.id} desc limit 1`,
  );
  return row;
}

/**
 * The last `days` days, one point per WIB calendar day (the day's last price), oldest first.
 * WIB is UTC+7 all year (no daylight saving), so the day is computed with a fixed offset,
 * the same on both engines whatever time-zone data they carry.
 */
export function priceHistory(db: Executor, days: number): Promise<PricePoint[]> {
  return selectRows<PricePoint>(
    db,
    sql`select distinct on (day) day as "date", harga_jual as "harga_jual", harga_beli as "harga_beli"
        from (select ${p.hargaJual} as harga_jual, ${p.hargaBeli} as harga_beli, ${p.createdAt} as created_at, ${p.id} as id,
                     to_char(${p.createdAt} at time zone 'UTC' + interval '7 hours', 'YYYY-MM-DD') as day
              from ${p} where ${p.createdAt} > now() - make_interval(days => ${days})) recent
        order by day, created_at desc, id desc`,
  );
}

/** The price list (every stored price): each sort has a plain ascending index ending in the id (migrations 0006, 0014), counted in row_counts. */
const priceListSource: ListSource<PriceSortField> = {
  select: sql`select ${p.id} as "id", ${p.hargaJual} as "harga_jual", ${p.hargaBeli} as "harga_beli",
                     ${isoTimestamp(p.createdAt)} as "createdAt"
              from ${p}`,
  orderBy: {
    createdAt: [sql`${p.createdAt}`, sql`${p.id}`],
    harga_jual: [sql`${p.hargaJual}`, sql`${p.id}`],
    harga_beli: [sql`${p.hargaBeli}`, sql`${p.id}`],
  },
  count: (db) => countedRows(db, 'gold_prices'),
};

export function findPricePage(db: Database, query: PriceListQuery & { limit: number; page: number }) {
  return fetchPage<StoredPrice, PriceSortField>(db, priceListSource, query);
}

export function streamPrices(db: Database, query: PriceListQuery) {
  return streamRows<StoredPrice, PriceSortField>(db, priceListSource, query);
}

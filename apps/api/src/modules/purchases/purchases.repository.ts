import { sql, type SQL } from 'drizzle-orm';
import type { PurchaseListQuery, PurchaseRow, PurchaseSortField } from '@gold/contract';
import { selectRows, type Database, type Executor } from '../../db/client';
import { containsPattern, countedRows, fetchPage, isoTimestamp, streamRows, type ListSource } from '../../db/paging';
import { customers, purchases } from '../../db/schema';

const o = purchases;
const c = customers;

/** Sort fields -> columns; each has a plain ascending index ending in the id (migrations 0006, 0011). */
const orderOrderBy: Record<PurchaseSortField, SQL[]> = {
  date: [sql`${o.createdAt}`, sql`${o.id}`],
  amount: [sql`${o.amount}`, sql`${o.id}`],
};

/** The order time in WIB (UTC+7 all year, no daylight saving), as the spec's WIBdate. */
const wibDate = sql`to_char(${o.createdAt} at time zone 'UTC' + interval '7 hours', 'YYYY-MM-DD HH24:MI:SS')`;

/** The purchases a query selects: the search is a case-insensitive "contains" on the buyer's name or e-mail (trigram indexes). */
function orderListSource(search: string | undefined): ListSource<PurchaseSortField> {
  const from = sql`from ${o} join ${c} on ${c.id} = ${o.customerId}`;
  const where = search
    ? sql`(lower(${c.fullName}) like lower(${containsPattern(search)}) escape '\\' or lower(${c.email}) like lower(${containsPattern(search)}) escape '\\')`
    : undefined;
  return {
    select: sql`select ${o.id} as "id", ${o.customerId} as "userId", ${c.fullName} as "fullname", ${c.nik} as "NIK",
                       ${c.email} as "email", ${wibDate} as "WIBdate", trim_scale(${o.amount})::text as "amount",
                       ${o.priceIdr} as "price", ${isoTimestamp(o.createdAt)} as "createdAt"
                  ${from}`,
    where,
    orderBy: orderOrderBy,
    count: where
      ? async (db) => (await selectRows<{ n: number }>(db, sql`select count(*)::int as n ${from} where ${where}`))[0]?.n ?? 0
      : (db) => countedRows(db, 'purchases'),
  };
}

export function findPurchasePage(db: Database, query: PurchaseListQuery & { limit: number; page: number }) {
  return fetchPage<PurchaseRow, PurchaseSortField>(db, orderListSource(query.search), query);
}

export function streamPurchases(db: Database, query: PurchaseListQuery) {
  return streamRows<PurchaseRow, PurchaseSortField>(db, orderListSource(query.search), query);
}

export function countPurchases(db: Executor): Promise<number> {
  return countedRows(db, 'purchases');
}

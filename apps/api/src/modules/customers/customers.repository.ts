import { sql } from 'drizzle-orm';
import type { KycNotification, Page, CustomerDetail, CustomerListItem, CustomerListQuery, CustomerSortField } from '@gold/contract';
import { selectRows, type Database, type Executor } from '../../db/client';
import { countedRows, containsPattern, fetchPage, isoTimestamp, orderClause, streamRows, type ListSource } from '../../db/paging';
import { customers, customerVersion, kycNotifications, customerSearchMatches } from '../../db/schema';

const c = customers;

/** Sort fields of the contract -> columns; each pair has an index (created_at and full_name since 0001, the rest 0003/0004). */
const userOrderBy: Record<CustomerSortField, ReturnType<typeof sql>[]> = {
  createdAt: [sql`${c.createdAt}`, sql`${c.id}`],
  fullName: [sql`${c.fullName}`, sql`${c.id}`],
  // E-mail is unique: no tiebreak needed, and its unique index serves the order.
  email: [sql`${c.email}`],
  dob: [sql`${c.dob}`, sql`${c.id}`],
  gender: [sql`${c.gender}`, sql`${c.id}`],
  province: [sql`${c.province}`, sql`${c.id}`],
  ekycStatus: [sql`${c.ekycStatus}`, sql`${c.id}`],
};

/** The customers a user-list query selects: 'Search user' is a case-insensitive "contains" on name or e-mail (trigram indexes). */
function userListSource(search: string | undefined): ListSource<CustomerSortField> {
  const where = search
    ? sql`(lower(${c.fullName}) like lower(${containsPattern(search)}) escape '\\' or lower(${c.email}) like lower(${containsPattern(search)}) escape '\\')`
    : undefined;
  return {
    select: sql`select ${c.id} as "id", ${c.fullName} as "fullName", ${c.email} as "email", ${c.emailStatus} as "emailStatus",
                       ${c.dob}::text as "dob", ${c.gender} as "gender", ${c.province} as "province", ${c.ekycStatus} as "ekycStatus",
                       ${c.walletAddress} as "walletAddress", ${isoTimestamp(c.createdAt)} as "createdAt"
                  from ${c}`,
    where,
    orderBy: userOrderBy,
    count: where ? (db) => countWhere(db, where) : (db) => countedRows(db, 'customers'),
  };
}

/**
 * Searches with at most this many matches keep them, in list order, in customer_search_matches (a rare
 * name's matches sorted take ms; the sort's index walked until they turn up, 1-2 s at a million).
 * Above it the matches are dense, and a page is found by walking the sort's index (fetchPage).
 */
const storedMatchesAtMost = 20_000;

async function countWhere(db: Executor, where: ReturnType<typeof sql>): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(c)
    .where(where);
  return row?.n ?? 0;
}

type CustomerPageQuery = CustomerListQuery & { limit: number; page: number };

export async function findCustomerPage(db: Database, query: CustomerPageQuery): Promise<Page<CustomerListItem>> {
  const source = userListSource(query.search);
  if (query.search && source.where) {
    const page = await searchPage(db, query.search, source, query);
    if (page) return page;
  }
  return fetchPage<CustomerListItem, CustomerSortField>(db, source, query);
}

/**
 * A page of a search with few enough matches to keep: its matches in list order are read once per
 * customers' version (an exact count and a sort of every match, about 20 ms at a million
 * customers) and kept in PostgreSQL, so the next page, the same search again, or the same search
 * from another process reads one row. Null when the search matches too many to keep.
 */
async function searchPage(db: Database, search: string, source: ListSource<CustomerSortField>, query: CustomerPageQuery) {
  const key = { search, sort: query.sort, sortOrder: query.order };
  const m = customerSearchMatches;
  const read = await db.transaction(
    async (tx) => {
      const [current] = await tx.select({ version: customerVersion.version }).from(customerVersion);
      const version = current?.version ?? 0;
      const [stored] = await tx
        .select({ ids: m.ids })
        .from(m)
        .where(
          sql`${m.search} = ${search} and ${m.sort} = ${query.sort} and ${m.sortOrder} = ${query.order} and ${m.version} = ${version}`,
        );
      let ids = stored?.ids;
      if (!ids) {
        // The trigram index's matches, at most one more than can be kept, then sorted: one scan, not
        // the sort's index walked until they turn up. One more than the cap means dense: fetchPage.
        await tx.execute(sql`set local enable_indexscan = off`);
        const matches = await selectRows<{ id: number }>(
          tx,
          sql`select ${c.id} as "id" from (select * from ${c} where ${source.where} limit ${storedMatchesAtMost + 1}) as ${c}
               order by ${orderClause(source.orderBy[query.sort], query.order)}`,
        );
        if (matches.length > storedMatchesAtMost) return null;
        ids = matches.map((match) => match.id);
      }
      const pageIds = ids.slice(query.page * query.limit, (query.page + 1) * query.limit);
      const rows =
        pageIds.length === 0
          ? []
          : await selectRows<CustomerListItem>(tx, sql`${source.select} where ${c.id} = any(${sql.param(pageIds)}::int[])`);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const page: Page<CustomerListItem> = { data: pageIds.flatMap((id) => byId.get(id) ?? []), total: ids.length };
      return { page, store: stored ? undefined : { ...key, version, ids } };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  if (!read) return null;
  if (read.store) await storeMatches(db, read.store);
  return read.page;
}

/** How many searches are kept at once: the newest; a search asked again after that is read afresh. */
const storedSearchesAtMost = 500;

/** Keeps a search's matches; entries of older versions go (nothing will read them again), and the oldest beyond the cap. */
async function storeMatches(db: Database, entry: typeof customerSearchMatches.$inferInsert & { version: number }) {
  const m = customerSearchMatches;
  await db.transaction(async (tx) => {
    await tx.insert(m).values(entry).onConflictDoNothing();
    await tx.delete(m).where(sql`${m.version} < ${entry.version}`);
    await tx.execute(
      sql`delete from ${m} where (${m.search}, ${m.sort}, ${m.sortOrder}) in (
            select ${m.search}, ${m.sort}, ${m.sortOrder} from ${m} order by ${m.createdAt} desc offset ${storedSearchesAtMost})`,
    );
  });
}

export function streamCustomers(db: Database, query: CustomerListQuery) {
  return streamRows<CustomerListItem, CustomerSortField>(db, userListSource(query.search), query);
}

export function countCustomers(db: Executor): Promise<number> {
  return countedRows(db, 'customers');
}

/** One customer with every field of the detail page, or null; the KYC reference comes from the newest SUCCESS notification. */
export async function findCustomerDetail(db: Database, id: number): Promise<CustomerDetail | null> {
  const [user] = await selectRows<Omit<CustomerDetail, 'Wallet' | 'notifications' | 'kycReferenceNumber'>>(
    db,
    sql`select ${c.id} as "id", ${c.fullName} as "fullName", ${c.email} as "email", ${c.emailStatus} as "emailStatus",
               ${c.dob}::text as "dob", ${c.gender} as "gender", ${c.province} as "province", ${c.address} as "address",
               ${c.nik} as "nik", ${c.phoneNumber} as "phoneNumber", ${c.ekycStatus} as "ekycStatus",
               ${c.walletAddress} as "walletAddress", ${isoTimestamp(c.createdAt)} as "createdAt"
          from ${c} where ${c.id} = ${id}`,
  );
  if (!user) return null;
  const n = kycNotifications;
  const notifications = await selectRows<KycNotification>(
    db,
    sql`select ${n.status} as "status", ${n.referenceNumber} as "referenceNumber", ${isoTimestamp(n.createdAt)} as "createdAt"
          from ${n} where ${n.customerId} = ${id} order by ${n.createdAt}, ${n.id}`,
  );
  const success = notifications.filter((notification) => notification.status === 'SUCCESS').at(-1);
  return {
    ...user,
    Wallet: user.walletAddress ? { publicAddress: user.walletAddress } : null,
    notifications,
    kycReferenceNumber: success?.referenceNumber ?? null,
  };
}

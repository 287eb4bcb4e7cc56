import { sql } from 'drizzle-orm';
import type { KycNotification, UserDetail, UserListItem, UserListQuery, UserSortField } from '@gold/contract';
import { selectRows, type Database, type Executor } from '../../db/client';
import { countedRows, containsPattern, fetchPage, isoTimestamp, streamRows, type ListSource } from '../../db/paging';
import { customers, kycNotifications } from '../../db/schema';

const c = customers;

/** Sort fields of the contract -> columns; each pair has an index (created_at and full_name since 0001, the rest 0003/0004). */
const userOrderBy: Record<UserSortField, ReturnType<typeof sql>[]> = {
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
function userListSource(search: string | undefined): ListSource<UserSortField> {
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
    // A rare name or e-mail fragment: its trigram matches sorted (ms) rather than the sort's index
    // walked through most of a million customers (1-2 s at a million, docs/benchmarks.md).
    sortMatchesBelow: 20_000,
  };
}

async function countWhere(db: Executor, where: ReturnType<typeof sql>): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(c)
    .where(where);
  return row?.n ?? 0;
}

export function findUserPage(db: Database, query: UserListQuery & { limit: number; page: number }) {
  return fetchPage<UserListItem, UserSortField>(db, userListSource(query.search), query);
}

export function streamUsers(db: Database, query: UserListQuery) {
  return streamRows<UserListItem, UserSortField>(db, userListSource(query.search), query);
}

export function countUsers(db: Executor): Promise<number> {
  return countedRows(db, 'customers');
}

/** One customer with every field of the detail page, or null; the KYC reference comes from the newest SUCCESS notification. */
export async function findUserDetail(db: Database, id: number): Promise<UserDetail | null> {
  const [user] = await selectRows<Omit<UserDetail, 'Wallet' | 'notifications' | 'kycReferenceNumber'>>(
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

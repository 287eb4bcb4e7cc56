import { sql, type SQL } from 'drizzle-orm';
import type { ContactListQuery, ContactMessage } from '@gold/contract';
import { selectRows, type Database, type Executor, type Transaction } from '../../db/client';
import { containsPattern, countedRows, fetchPage, isoTimestamp, streamRows, type ListSource } from '../../db/paging';
import { contactMessages } from '../../db/schema';

const m = contactMessages;
type ContactSort = ContactListQuery['sort'];

/** The contract's contact message; `chatNumber` is the E.164 number without its +, for a chat link. */
const contactColumns = sql`${m.id} as "id", ${m.fullname} as "fullname", ${m.institutionName} as "institutionName", ${m.message} as "message",
  ${isoTimestamp(m.createdAt)} as "createdAt", ${m.email} as "email", ${m.phoneNumber} as "phoneNumber",
  case when ${m.phoneNumber} ~ '^\\+[0-9]{7,15}$' then substr(${m.phoneNumber}, 2) end as "chatNumber"`;

function contactListSource(search: string | undefined): ListSource<ContactSort> {
  let where: SQL | undefined;
  if (search) {
    const pattern = containsPattern(search);
    where = sql.join(
      [m.fullname, m.institutionName, m.email, m.message].map((column) => sql`lower(${column}) like lower(${pattern}) escape '\\'`),
      sql` or `,
    );
    where = sql`(${where})`;
  }
  const filter = where;
  return {
    select: sql`select ${contactColumns} from ${m}`,
    where: filter,
    orderBy: { createdAt: [sql`${m.createdAt}`, sql`${m.id}`] },
    count: filter
      ? async (db) => (await selectRows<{ n: number }>(db, sql`select count(*)::int as n from ${m} where ${filter}`))[0]?.n ?? 0
      : (db) => countedRows(db, 'contact_messages'),
  };
}

export function findContactPage(db: Database, query: ContactListQuery & { limit: number; page: number }) {
  return fetchPage<ContactMessage, ContactSort>(db, contactListSource(query.search), query);
}

export function streamContacts(db: Database, query: ContactListQuery) {
  return streamRows<ContactMessage, ContactSort>(db, contactListSource(query.search), query);
}

export function countContacts(db: Executor): Promise<number> {
  return countedRows(db, 'contact_messages');
}

/** Advisory-lock namespace of the per-address contact throttle. */
const contactLockClass = 0x5167_0010;

/**
 * Messages from an address within the window, under a lock on that address until the transaction
 * ends: concurrent submissions from one address are counted one after another, on every process.
 */
export async function lockAndCountRecentFromAddress(tx: Transaction, ipAddress: string, windowMinutes: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${contactLockClass}, hashtext((${ipAddress}::inet)::text))`);
  const [row] = await selectRows<{ n: number; retry_after: number | null }>(
    tx,
    sql`select count(*)::int as n,
               ceil(extract(epoch from (min(${m.createdAt}) + make_interval(mins => ${windowMinutes}) - now())))::int as retry_after
          from ${m}
         where ${m.ipAddress} = ${ipAddress}::inet and ${m.createdAt} > now() - make_interval(mins => ${windowMinutes})`,
  );
  return { count: row?.n ?? 0, retryAfterSeconds: row?.retry_after ?? 0 };
}

export async function insertContactMessage(
  tx: Executor,
  values: {
    fullname: string;
    institutionName: string | null;
    email: string;
    phoneNumber: string | null;
    message: string;
    ipAddress: string;
  },
) {
  const [row] = await tx
    .insert(m)
    .values(values)
    .returning({ id: m.id, createdAt: sql<string>`${isoTimestamp(m.createdAt)}` });
  if (!row) throw new Error('contact message insert returned nothing');
  return row;
}

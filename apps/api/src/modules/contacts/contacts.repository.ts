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

/** Advisory-lock namespace of the contact throttle. */
const contactLockClass = 0x5167_0010;

/**
 * The sender's network the per-sender limit counts: an IPv4 address itself, an IPv6 address's
 * /64 (one subscriber's link: its 2^64 addresses are one sender). IPv4-mapped IPv6 is IPv4.
 */
const senderNetwork = (address: SQL) =>
  sql`(case when family(${address}) = 4 then set_masklen(${address}, 32)::cidr else network(set_masklen(${address}, 64)) end)`;

export function plainAddress(ipAddress: string): string {
  return /^::ffff:\d{1,3}(\.\d{1,3}){3}$/i.test(ipAddress) ? ipAddress.slice(7) : ipAddress;
}

export interface RecentMessages {
  fromSender: number;
  total: number;
  /** Seconds until the oldest message counted leaves the window, for the sender and for everyone. */
  senderRetryAfter: number;
  totalRetryAfter: number;
}

/**
 * Messages within the window from the sender's network and from everyone, under locks held
 * until the transaction ends (every submission takes the overall one first, then its sender's):
 * concurrent submissions are counted one after another, on every process. The window's rows are
 * few (the overall cap bounds them), so the sender's are picked from them by the created_at index.
 */
export async function lockAndCountRecent(tx: Transaction, ipAddress: string, windowMinutes: number): Promise<RecentMessages> {
  const address = sql`${plainAddress(ipAddress)}::inet`;
  await tx.execute(sql`select pg_advisory_xact_lock(${contactLockClass}, 0)`);
  const [row] = await selectRows<{ sender: number; total: number; sender_oldest: number | null; oldest: number | null }>(
    tx,
    sql`select count(*) filter (where ${m.ipAddress} is not null and ${senderNetwork(sql`${m.ipAddress}`)} = ${senderNetwork(address)})::int as sender,
               count(*)::int as total,
               ceil(extract(epoch from (min(${m.createdAt}) filter (where ${m.ipAddress} is not null and ${senderNetwork(sql`${m.ipAddress}`)} = ${senderNetwork(address)})
                 + make_interval(mins => ${windowMinutes}) - now())))::int as sender_oldest,
               ceil(extract(epoch from (min(${m.createdAt}) + make_interval(mins => ${windowMinutes}) - now())))::int as oldest
          from ${m}
         where ${m.createdAt} > now() - make_interval(mins => ${windowMinutes})`,
  );
  return {
    fromSender: row?.sender ?? 0,
    total: row?.total ?? 0,
    senderRetryAfter: row?.sender_oldest ?? 0,
    totalRetryAfter: row?.oldest ?? 0,
  };
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

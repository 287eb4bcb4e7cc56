import { sql, type SQL } from 'drizzle-orm';
import type { Transaction, TransactionDetail, TransactionListQuery, TransactionSortField } from '@gold/contract';
import { selectRows, type Database, type Executor } from '../../db/client';
import { countedRows, fetchPage, isoTimestamp, streamRows, type ListSource } from '../../db/paging';
import { tokenTransactions } from '../../db/schema';

const x = tokenTransactions;

/** Sort fields -> columns; each has a plain ascending index ending in the id, alone and after the type (migrations 0006, 0011). */
const transactionOrderBy: Record<TransactionSortField, SQL[]> = {
  date: [sql`${x.occurredAt}`, sql`${x.id}`],
  amount: [sql`${x.amount}`, sql`${x.id}`],
};

const transactionFields = sql`${x.id} as "id", ${x.txhash} as "txhash", ${x.logIndex} as "logIndex",
       ${x.fromAddress} as "from", ${x.toAddress} as "to", ${isoTimestamp(x.occurredAt)} as "date",
       trim_scale(${x.amount})::text as "amount", ${x.type} as "status", not ${x.final} as "pending"`;
const transactionColumns = sql`select ${transactionFields} from ${x}`;

/** `prefix%` for LIKE; the contract allows only 0x and hex digits, so there is nothing to escape. */
const prefixPattern = (hex: string) => `${hex}%`;

/**
 * The transactions a query selects: the type, and the search as the start of the hash, the
 * sender or the receiver (lower case, like the stored addresses), each through its
 * text_pattern_ops index; a whole hash or address is an exact match.
 */
function transactionListSource(query: Pick<TransactionListQuery, 'search' | 'type'>): ListSource<TransactionSortField> {
  const conditions: SQL[] = [];
  if (query.type) conditions.push(sql`${x.type} = ${query.type}`);
  if (query.search) {
    const pattern = prefixPattern(query.search);
    conditions.push(sql`(${x.txhash} like ${pattern} or ${x.fromAddress} like ${pattern} or ${x.toAddress} like ${pattern})`);
  }
  const where = conditions.length > 0 ? sql.join(conditions, sql` and `) : undefined;
  return {
    select: transactionColumns,
    where,
    orderBy: transactionOrderBy,
    count: where ? (db) => countWhere(db, where) : (db) => countedRows(db, 'token_transactions'),
  };
}

async function countWhere(db: Executor, where: SQL): Promise<number> {
  const [row] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from ${x} where ${where}`);
  return row?.n ?? 0;
}

export function findTransactionPage(db: Database, query: TransactionListQuery & { limit: number; page: number }) {
  return fetchPage<Transaction, TransactionSortField>(db, transactionListSource(query), query);
}

export function streamTransactions(db: Database, query: TransactionListQuery) {
  return streamRows<Transaction, TransactionSortField>(db, transactionListSource(query), query);
}

export function countTransactions(db: Executor): Promise<number> {
  return countedRows(db, 'token_transactions');
}

/** One transaction with the block it was read from (pending: that block is not final yet). */
export async function findTransaction(db: Executor, id: number): Promise<TransactionDetail | null> {
  const [row] = await selectRows<Transaction & { blockNumber: number | string | null }>(
    db,
    sql`select ${transactionFields}, ${x.blockNumber} as "blockNumber" from ${x} where ${x.id} = ${id}`,
  );
  return row ? { ...row, id: Number(row.id), blockNumber: row.blockNumber === null ? null : Number(row.blockNumber) } : null;
}

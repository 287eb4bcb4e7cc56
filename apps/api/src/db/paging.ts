import { sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Page, SortOrder } from '@gold/contract';
import { selectRows, type Database, type Executor } from './client';
import { rowCounts } from './schema';

/**
 * How one resource is listed: what to select, which rows, how each whitelisted sort field
 * orders them, and how to count them. Repositories declare this once; `fetchPage` and
 * `streamRows` turn it into SQL.
 */
export interface ListSource<Sort extends string> {
  /** `select <columns> from <tables>`: the columns aliased to the contract's names. */
  select: SQL;
  /** The rows to list (search, filters); undefined lists every row. */
  where?: SQL;
  /**
   * Per sort field, the columns to order by, ending with a unique one (usually the id), so
   * pages never overlap or skip rows. A plain index on exactly these columns serves both
   * directions (read backwards for desc). Declare it ascending: an index declared
   * `desc nulls last` matches neither `order by .. desc` (nulls first) nor its reverse, and
   * PostgreSQL then sorts the whole table.
   */
  orderBy: Record<Sort, SQL[]>;
  /** The exact number of rows `where` selects (a row_counts read when unfiltered). */
  count: (db: Executor) => Promise<number>;
}

export interface ListOrder<Sort extends string> {
  sort: Sort;
  order: SortOrder;
}

export function orderClause(columns: SQL[], order: SortOrder): SQL {
  const direction = order === 'asc' ? sql.raw('asc') : sql.raw('desc');
  return sql.join(
    columns.map((column) => sql`${column} ${direction}`),
    sql`, `,
  );
}

const opposite = (order: SortOrder): SortOrder => (order === 'asc' ? 'desc' : 'asc');

/**
 * One page of a list and the total, read in one consistent snapshot.
 *
 * OFFSET costs as many index entries as it skips, so a page in the second half of the list
 * is read from the other end (reversed order, small offset) and turned back: the last page
 * costs what the first does. Only pages near the middle of a huge list pay a long skip.
 */
export async function fetchPage<Row, Sort extends string>(
  db: Database,
  source: ListSource<Sort>,
  query: ListOrder<Sort> & { limit: number; page: number },
): Promise<Page<Row>> {
  return db.transaction(
    async (tx) => {
      const total = await source.count(tx);
      const offset = query.page * query.limit;
      if (offset >= total) return { data: [], total };
      const rowsOnPage = Math.min(query.limit, total - offset);
      const fromEnd = total - offset - rowsOnPage;
      const reversed = fromEnd < offset;
      const order = reversed ? opposite(query.order) : query.order;
      const rows = await selectRows<Row>(
        tx,
        sql`${source.select} ${source.where ? sql`where ${source.where}` : sql``}
            order by ${orderClause(source.orderBy[query.sort], order)}
            limit ${rowsOnPage} offset ${reversed ? fromEnd : offset}`,
      );
      return { data: reversed ? rows.reverse() : rows, total };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Rows per FETCH while streaming a whole list: small enough to keep memory flat. */
const streamBatchSize = 1000;

/**
 * Every row of a list in order, in batches, through a server-side cursor: the spec's
 * "without limit it returns all" form, never held in memory whole. The cursor lives in a
 * read-only transaction that stays open (holding one connection) until the last batch is read.
 */
export async function* streamRows<Row, Sort extends string>(
  db: Database,
  source: ListSource<Sort>,
  query: ListOrder<Sort>,
): AsyncGenerator<Row[]> {
  const batches: Row[][] = [];
  let wake: (() => void) | undefined;
  let finished = false;
  let failure: unknown;
  let resume: (() => void) | undefined;

  // drizzle's transaction is callback-shaped: it runs beside the generator, handing over one
  // batch at a time and waiting until the consumer has taken it (backpressure).
  const reading = db
    .transaction(
      async (tx) => {
        await tx.execute(
          sql`declare list_cursor no scroll cursor for ${source.select} ${source.where ? sql`where ${source.where}` : sql``}
              order by ${orderClause(source.orderBy[query.sort], query.order)}`,
        );
        for (;;) {
          const batch = await selectRows<Row>(tx, sql`fetch ${sql.raw(String(streamBatchSize))} from list_cursor`);
          if (batch.length === 0) break;
          batches.push(batch);
          wake?.();
          await new Promise<void>((resolve) => (resume = resolve));
          if (finished) break;
        }
        await tx.execute(sql`close list_cursor`);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )
    .catch((error: unknown) => {
      failure = error;
    })
    .finally(() => {
      finished = true;
      wake?.();
    });

  try {
    for (;;) {
      if (batches.length === 0 && !finished) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      const batch = batches.shift();
      if (batch) {
        yield batch;
        resume?.();
        continue;
      }
      if (failure) throw failure;
      if (finished) return;
    }
  } finally {
    // A consumer that stops early (client gone) still lets the transaction end.
    finished = true;
    resume?.();
    await reading;
  }
}

function prepareCountedRowsQuery(db: Database) {
  return db
    .select({ n: rowCounts.n })
    .from(rowCounts)
    .where(sql`${rowCounts.tableName} = ${sql.placeholder('table')} and ${rowCounts.bucket} = ${sql.placeholder('bucket')}`)
    .prepare('counted_rows');
}

// The count cards' one read: built once per database and prepared on each connection.
const countedRowsQueries = new WeakMap<Executor, ReturnType<typeof prepareCountedRowsQuery>>();

/** The exact count kept by the row_counts triggers (bucket '*' is the whole table). */
export async function countedRows(db: Executor, table: string, bucket = '*'): Promise<number> {
  if (db instanceof PgTransaction) {
    const [row] = await db
      .select({ n: rowCounts.n })
      .from(rowCounts)
      .where(sql`${rowCounts.tableName} = ${table} and ${rowCounts.bucket} = ${bucket}`);
    return row?.n ?? 0;
  }
  let query = countedRowsQueries.get(db);
  if (!query) countedRowsQueries.set(db, (query = prepareCountedRowsQuery(db)));
  const [row] = await query.execute({ table, bucket });
  return row?.n ?? 0;
}

/** A timestamptz as the contract's ISO-8601 UTC string, the same on both engines. */
export const isoTimestamp = (column: SQL | unknown) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `%text%` for LIKE with the text's own %, _ and \ matched literally (use with `escape '\'`). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

import { SQL, sql, StringChunk } from 'drizzle-orm';
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

/** Rows per page while streaming a whole list: small enough to keep memory flat. */
const streamBatchSize = 1000;

/** A type name as pg_typeof gives it ('timestamp with time zone', 'numeric', 'text'): spliced into a cast. */
const typeName = /^[a-z][a-z0-9 _]*$/;

/**
 * `select <keys>, <the source's columns> from ...`: the list's own select with the order's
 * columns (as text, exact: a timestamptz keeps its microseconds) and their types in front.
 */
function withKeyColumns(select: SQL, keys: SQL[]): SQL {
  const [first, ...rest] = select.queryChunks;
  const text = first instanceof StringChunk ? first.value.join('') : undefined;
  const opening = text === undefined ? null : /^\s*select\s/i.exec(text);
  if (!opening || text === undefined) throw new Error('a list source must start with "select"');
  const keyColumns = sql.join(
    keys.map((key, i) => sql`(${key})::text as ${sql.identifier(`__key${i}`)}, pg_typeof(${key})::text as ${sql.identifier(`__type${i}`)}`),
    sql`, `,
  );
  return sql.join([sql.raw('select '), keyColumns, sql.raw(', '), new SQL([new StringChunk(text.slice(opening[0].length)), ...rest])]);
}

/** Rows after the given key values in the list's order: one row comparison, which the order's index serves. */
function afterKeys(keys: SQL[], values: (string | null)[], types: string[], ascending: boolean): SQL {
  const bound = values.map((value, i) => {
    const type = types[i]!;
    if (!typeName.test(type)) throw new Error(`unexpected key type ${type}`);
    return sql`cast(${value} as ${sql.raw(type)})`;
  });
  return sql`(${sql.join(keys, sql`, `)}) ${sql.raw(ascending ? '>' : '<')} (${sql.join(bound, sql`, `)})`;
}

/**
 * Every row of a list in order, in pages of 1000, each read by a statement of its own (keyset
 * paging: the next page starts after the last row's sort keys). No transaction or cursor stays
 * open between pages, so a client reading slowly holds no connection (PGlite's single one
 * included) while it reads; other requests run between the pages. The price: the pages are
 * not one snapshot (a row written meanwhile may or may not be listed; none is listed twice).
 *
 * The order's columns end with a unique one and only the first may be null (dob, gender,
 * province): a row comparison is false for a null, so its rows are read in a phase of their
 * own, last when ascending (nulls last) and first when descending.
 */
export async function* streamRows<Row, Sort extends string>(
  db: Database,
  source: ListSource<Sort>,
  query: ListOrder<Sort>,
): AsyncGenerator<Row[]> {
  const columns = source.orderBy[query.sort];
  const ascending = query.order === 'asc';
  const select = withKeyColumns(source.select, columns);
  const first = columns[0]!;
  const notNullPhase = { filter: columns.length > 1 ? sql`${first} is not null` : undefined, from: 0 };
  const nullPhase = { filter: sql`${first} is null`, from: 1 };
  const phases = columns.length === 1 ? [notNullPhase] : ascending ? [notNullPhase, nullPhase] : [nullPhase, notNullPhase];
  const order = orderClause(columns, query.order);

  for (const phase of phases) {
    const keys = columns.slice(phase.from);
    let after: { values: (string | null)[]; types: string[] } | undefined;
    for (;;) {
      const conditions = [
        source.where ? sql`(${source.where})` : undefined,
        phase.filter,
        after ? afterKeys(keys, after.values, after.types, ascending) : undefined,
      ].filter((condition): condition is SQL => condition !== undefined);
      const rows = await selectRows<Record<string, unknown>>(
        db,
        sql`${select} ${conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
            order by ${order} limit ${streamBatchSize}`,
      );
      if (rows.length === 0) break;
      const last = rows[rows.length - 1]!;
      after = {
        values: keys.map((_, i) => last[`__key${i + phase.from}`] as string | null),
        types: keys.map((_, i) => String(last[`__type${i + phase.from}`])),
      };
      yield rows.map((row) => {
        for (let i = 0; i < columns.length; i++) {
          delete row[`__key${i}`];
          delete row[`__type${i}`];
        }
        return row as Row;
      });
      if (rows.length < streamBatchSize) break;
    }
  }
}

function prepareCountedRowsQuery(db: Database) {
  return db
    .select({ n: sql<number>`coalesce(sum(${rowCounts.n}), 0)::int` })
    .from(rowCounts)
    .where(sql`${rowCounts.tableName} = ${sql.placeholder('table')} and ${rowCounts.bucket} = ${sql.placeholder('bucket')}`)
    .prepare('counted_rows');
}

// The count cards' one read: built once per database and prepared on each connection.
const countedRowsQueries = new WeakMap<Executor, ReturnType<typeof prepareCountedRowsQuery>>();

/** The exact count kept by the row_counts triggers (bucket '*' is the whole table), summed over its shards. */
export async function countedRows(db: Executor, table: string, bucket = '*'): Promise<number> {
  if (db instanceof PgTransaction) {
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${rowCounts.n}), 0)::int` })
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

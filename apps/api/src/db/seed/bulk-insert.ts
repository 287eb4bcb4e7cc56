import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { selectRows, type Executor } from '../client';

/**
 * Inserts many rows in one statement with one array parameter per column
 * (`insert ... select * from unnest($1::text[], ...)`), the fast path for millions of demo
 * rows: the statement stays small whatever the row count, on PostgreSQL and PGlite alike.
 * Returns the new ids in row order when the table has an `id` column.
 */
export async function insertByColumns<T extends PgTable>(db: Executor, table: T, rows: Array<T['$inferInsert']>): Promise<number[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(rows[0]!).filter((key) => key in columns);
  const arrays = keys.map((key) => rows.map((row) => toParameter((row as Record<string, unknown>)[key])));
  const hasId = 'id' in columns;
  const columnList = sql.join(
    keys.map((key) => sql.identifier(columns[key]!.name)),
    sql`, `,
  );
  const unnested = sql.join(
    keys.map((key, i) => sql`${sql.param(arrays[i])}::${sql.raw(columns[key]!.getSQLType())}[]`),
    sql`, `,
  );
  // WITH ORDINALITY + ORDER BY keeps the insertion (and so the identity) order equal to the row order.
  const statement: SQL = sql`insert into ${sql.identifier(getTableName(table))} (${columnList})
    select ${columnList} from unnest(${unnested}) with ordinality as source(${columnList}, ordinal) order by ordinal
    ${hasId ? sql`returning id` : sql``}`;
  if (!hasId) {
    await db.execute(statement);
    return [];
  }
  const inserted = await selectRows<{ id: number }>(db, statement);
  return inserted.map((row) => Number(row.id));
}

function toParameter(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return value;
}

import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../db/client';

/**
 * A fingerprint of everything the database holds: per table, the row count and an md5 of
 * its rows in a fixed order. Two equal fingerprints mean nothing was inserted, updated or
 * deleted in between.
 *
 * Columns that move on every signed-in request without being a write of the request's
 * doing are left out, and only they: `admin_sessions.last_seen_at` (the idle timer, touched
 * at most once a minute). Every other column of admin_sessions (a new session, an ended one)
 * and every row of sign_in_attempts count, so a sign-in or logout that should not have
 * happened is seen.
 *
 * Two tables are derived from customers and left out whole: `customer_version` (moves with every
 * change to customers, which the customers table itself shows) and `user_search_matches` (a
 * search's matches, kept by a read for the next one: docs/decisions.md).
 */
const volatileColumns: Readonly<Record<string, readonly string[]>> = {
  'public.admin_sessions': ['last_seen_at'],
};
const derivedTables: ReadonlySet<string> = new Set(['public.customer_version', 'public.user_search_matches']);

export type Fingerprint = Record<string, { rows: number; md5: string }>;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** Reads the catalog once and returns a function that fingerprints the database in one query. */
async function databaseFingerprinter(db: Database): Promise<() => Promise<Fingerprint>> {
  const columns = await selectRows<{ table_schema: string; table_name: string; column_name: string }>(
    db,
    sql`select c.table_schema, c.table_name, c.column_name
          from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
         where t.table_type = 'BASE TABLE' and c.table_schema not in ('pg_catalog', 'information_schema')
         order by c.table_schema, c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const column of columns) {
    const name = `${column.table_schema}.${column.table_name}`;
    if (derivedTables.has(name) || volatileColumns[name]?.includes(column.column_name)) continue;
    tables.set(name, [...(tables.get(name) ?? []), column.column_name]);
  }
  if (tables.size === 0) throw new Error('no tables to fingerprint');
  const selects = [...tables].map(([name, cols]) => {
    const [schema, table] = name.split('.') as [string, string];
    return `select ${literal(name)} as name, count(*)::int as rows,
                   md5(coalesce(string_agg(r::text, E'\\n' order by r::text), '')) as md5
              from (select ${cols.map(ident).join(', ')} from ${ident(schema)}.${ident(table)}) r`;
  });
  const query = sql.raw(selects.join('\nunion all\n'));
  return async () => {
    const rows = await selectRows<{ name: string; rows: number; md5: string }>(db, query);
    return Object.fromEntries(rows.map((row) => [row.name, { rows: Number(row.rows), md5: row.md5 }]));
  };
}

/**
 * Watches the database for writes between `reset()` and `changes()`. Any insert, update or
 * delete takes a transaction id, so while the next id to be assigned has not moved nothing can
 * have changed: that check costs one tiny query. When it has moved (a write, a rolled-back
 * write, the idle timer, or on a shared PostgreSQL server another database's work), the full
 * fingerprint decides.
 */
export async function databaseWatcher(db: Database) {
  const fingerprint = await databaseFingerprinter(db);
  const nextTransactionId = async () =>
    (await selectRows<{ xid: string }>(db, sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xid`))[0]?.xid;
  let baseline: Fingerprint = {};
  let xid: string | undefined;
  return {
    fingerprint,
    async reset() {
      xid = await nextTransactionId();
      baseline = await fingerprint();
    },
    /** What changed since `reset()`, e.g. `public.sign_in_attempts: 3 -> 4 rows`; empty when nothing did. */
    async changes(): Promise<string[]> {
      const now = await nextTransactionId();
      if (now === xid) return [];
      const changed = fingerprintChanges(baseline, await fingerprint());
      if (changed.length === 0) xid = now;
      return changed;
    },
  };
}

/** Which tables differ, e.g. `public.sign_in_attempts: 3 -> 4 rows`. */
function fingerprintChanges(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names]
    .filter((name) => before[name]?.md5 !== after[name]?.md5 || before[name]?.rows !== after[name]?.rows)
    .map(
      (name) =>
        `${name}: ${before[name]?.rows ?? 'none'} -> ${after[name]?.rows ?? 'none'} rows${before[name]?.rows === after[name]?.rows ? ' (rows changed)' : ''}`,
    );
}

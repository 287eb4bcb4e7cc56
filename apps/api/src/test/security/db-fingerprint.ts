import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../db/client';

/**
 * A fingerprint of everything the database holds: per table, the row count and an md5 of
 * its rows in a fixed order. Two equal fingerprints mean nothing was inserted, updated or
 * deleted in between.
 *
 * Columns that move on every signed-in request without being a write of the request's
 * doing are left out, and only they: `admin_sessions.last_seen_at` (the idle timer, touched
 * at most once a minute) and `integration_credentials.last_used_at` (a credential's last use, likewise). Every other column of admin_sessions (a new session, an ended one)
 * and every row of sign_in_attempts count, so a sign-in or logout that should not have
 * happened is seen.
 *
 * Two tables are derived from customers and left out whole: `customer_version` (moves with every
 * change to customers, which the customers table itself shows) and `customer_search_matches` (a
 * search's matches, kept by a read for the next one: docs/decisions.md). `stream_slots` is left
 * out too: a lease row per open export or event stream, counting a session's streams across
 * processes, deleted once the connection closes, which may be just after the answer (the stream
 * guards' tests check that slots are freed).
 */
const volatileColumns: Readonly<Record<string, readonly string[]>> = {
  'public.admin_sessions': ['last_seen_at'],
  // A platform credential's last use, touched at most once a minute like the idle timer.
  'public.integration_credentials': ['last_used_at'],
};
const derivedTables: ReadonlySet<string> = new Set(['public.customer_version', 'public.customer_search_matches', 'public.stream_slots']);

export type Fingerprint = Record<string, { rows: number; md5: string }>;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * Reads the catalog once and returns a function that fingerprints the database in one query;
 * `whole` keeps the derived tables and volatile columns in (every row of every table).
 */
async function databaseFingerprinter(db: Database, { whole = false } = {}): Promise<() => Promise<Fingerprint>> {
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
    if (!whole && (derivedTables.has(name) || volatileColumns[name]?.includes(column.column_name))) continue;
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

/** Every row of every table, and every sequence's position (its last value, or its start while unused). */
export async function wholeDatabaseFingerprint(db: Database): Promise<{ tables: Fingerprint; sequences: Record<string, string> }> {
  const tables = await (await databaseFingerprinter(db, { whole: true }))();
  const sequences = await selectRows<{ name: string; position: string }>(
    db,
    sql`select format('%I.%I', schemaname, sequencename) as name, coalesce(last_value, start_value) || ' ' || (last_value is not null) as position
          from pg_sequences`,
  );
  return { tables, sequences: Object.fromEntries(sequences.map((s) => [s.name, s.position])) };
}

/**
 * An md5 of the database's definitions outside the system schemas: schemas, tables and their
 * columns, constraints, indexes, triggers, functions, types, sequences, extensions, policies,
 * rules, privileges and settings. Equal for two databases with the same schema, whatever rows
 * they hold.
 */
export async function schemaFingerprint(db: Database): Promise<string> {
  const [row] = await selectRows<{ md5: string }>(db, schemaFingerprintQuery);
  return row!.md5;
}

const schemaFingerprintQuery = sql.raw(`
  with ns as (
    select oid, nspname from pg_namespace
     where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg\\_toast%' and nspname not like 'pg\\_temp%'
  ),
  rel as (select c.*, ns.nspname from pg_class c join ns on ns.oid = c.relnamespace)
  select md5(string_agg(line, E'\\n' order by line)) as md5 from (
    select format('schema %s %s', nspname, (select nspacl from pg_namespace n where n.oid = ns.oid)) from ns
    union all
    select format('relation %s.%s %s %s %s %s %s %s', nspname, relname, relkind, relpersistence, reloptions, relacl, relrowsecurity,
                  case when relkind in ('v', 'm') then pg_get_viewdef(oid) end) from rel
    union all
    select format('column %s.%s %s %s %s %s %s %s %s %s', r.nspname, r.relname, a.attnum, a.attname, format_type(a.atttypid, a.atttypmod),
                  a.attnotnull, a.attidentity, a.attgenerated, a.attcollation, pg_get_expr(d.adbin, d.adrelid))
      from pg_attribute a join rel r on r.oid = a.attrelid left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where a.attnum > 0 and not a.attisdropped
    union all
    select format('constraint %s.%s %s %s %s', r.nspname, r.relname, c.conname, pg_get_constraintdef(c.oid), c.convalidated)
      from pg_constraint c join rel r on r.oid = c.conrelid
    union all
    select format('index %s', pg_get_indexdef(i.indexrelid)) from pg_index i join rel r on r.oid = i.indexrelid
    union all
    select format('trigger %s %s', pg_get_triggerdef(t.oid), t.tgenabled) from pg_trigger t join rel r on r.oid = t.tgrelid where not t.tgisinternal
    union all
    select format('rule %s', pg_get_ruledef(w.oid)) from pg_rewrite w join rel r on r.oid = w.ev_class
    union all
    select format('policy %s.%s %s %s %s %s %s', r.nspname, r.relname, p.polname, p.polcmd, p.polroles,
                  pg_get_expr(p.polqual, p.polrelid), pg_get_expr(p.polwithcheck, p.polrelid))
      from pg_policy p join rel r on r.oid = p.polrelid
    union all
    select format('sequence %s.%s %s %s %s %s %s %s', r.nspname, r.relname, s.seqtypid, s.seqstart, s.seqincrement, s.seqmin, s.seqmax, s.seqcycle)
      from pg_sequence s join rel r on r.oid = s.seqrelid
    union all
    select format('function %s.%s(%s) %s %s %s %s %s %s', ns.nspname, p.proname, pg_get_function_identity_arguments(p.oid), p.prokind,
                  p.prorettype, p.provolatile, p.prosecdef, p.proconfig, md5(p.prosrc))
      from pg_proc p join ns on ns.oid = p.pronamespace
    union all
    select format('type %s.%s %s %s', ns.nspname, t.typname, t.typtype, t.typacl) from pg_type t join ns on ns.oid = t.typnamespace
    union all
    select format('enum %s %s %s', e.enumtypid, e.enumsortorder, e.enumlabel) from pg_enum e
    union all
    select format('extension %s %s', extname, extversion) from pg_extension
    union all
    select format('event trigger %s %s %s %s', evtname, evtevent, evtenabled, evtfoid) from pg_event_trigger
    union all
    select format('setting %s %s %s', setdatabase, setrole, setconfig) from pg_db_role_setting
    union all
    select format('role %s %s %s', rolname, rolsuper, rolconfig) from pg_roles
  ) as definitions(line)`);

/**
 * Watches the database for writes between `reset()` and `changes()`. Any insert, update or
 * delete takes a transaction id, so while the next id to be assigned has not moved nothing can
 * have changed: that check costs one tiny query. When it has moved (a write, a rolled-back
 * write, the idle timer, or on a shared PostgreSQL server another database's work), the full
 * fingerprint decides. The same check spares `reset()` a new fingerprint while the last one
 * still holds (the suite resets before each of some 1,000 requests that must write nothing).
 */
export async function databaseWatcher(db: Database) {
  const fingerprint = await databaseFingerprinter(db);
  const nextTransactionId = async () =>
    (await selectRows<{ xid: string }>(db, sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xid`))[0]?.xid;
  let baseline: Fingerprint = {};
  /** The next transaction id when the database was last seen to equal `baseline`. */
  let xid: string | undefined;
  return {
    fingerprint,
    async reset() {
      const now = await nextTransactionId();
      if (now !== undefined && now === xid) return;
      xid = now;
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

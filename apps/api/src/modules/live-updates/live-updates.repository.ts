import { sql } from 'drizzle-orm';
import type { AdminEvent, NewAdminEvent } from '@gold/contract';
import { selectRows, type Executor } from '../../db/client';
import { adminEvents } from '../../db/schema';

/** The PostgreSQL channel every API process listens on. */
export const eventChannel = 'admin_events';

const e = adminEvents;

/**
 * Queues an event in the transaction that makes the change. At its commit a deferred trigger
 * (migration 0034) numbers it in admin_events under the commit-order lock the audit chain takes
 * too, and announces it (pg_notify, delivered on commit): ids grow in commit order, so a client
 * that resumes after id N misses nothing committed before it, and a rolled-back change announces
 * nothing. The lock is held for the commit alone, never across a round trip to this process.
 */
export async function publishEvent(tx: Executor, event: NewAdminEvent): Promise<void> {
  const { type, ...data } = event;
  await tx.execute(sql`insert into admin_events_pending (type, data) values (${type}, ${JSON.stringify(data)}::jsonb)`);
}

const asEvent = (row: { id: number; type: string; data: Record<string, unknown> }) =>
  ({ ...row.data, id: row.id, type: row.type }) as AdminEvent;

/** Events after `afterId`, oldest first (at most `limit`). */
export async function eventsAfter(db: Executor, afterId: number, limit = 1000): Promise<AdminEvent[]> {
  const rows = await selectRows<{ id: number; type: string; data: Record<string, unknown> }>(
    db,
    sql`select id, type, data from ${e} where id > ${afterId} order by id limit ${limit}`,
  );
  return rows.map(asEvent);
}

/** The newest event's id (0 when there is none). */
export async function latestEventId(db: Executor): Promise<number> {
  const [row] = await selectRows<{ id: number | null }>(db, sql`select max(id) as id from ${e}`);
  return row?.id ?? 0;
}

/**
 * Whether event `id` is still stored. Pruning removes the oldest ids first, so when the last event
 * a client saw is still here, every later one is too; when it is gone the client must refetch.
 */
export async function eventStored(db: Executor, id: number): Promise<boolean> {
  const [row] = await selectRows<{ found: boolean }>(db, sql`select exists(select 1 from ${e} where id = ${id}) as found`);
  return row?.found ?? false;
}

/** Drops events older than `hours` (oldest ids first); answers how many. */
export async function pruneEvents(db: Executor, hours: number): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`with gone as (delete from ${e} where id <= (select max(id) from ${e} where created_at < now() - make_interval(hours => ${hours})) returning 1)
        select count(*)::int as n from gone`,
  );
  return row?.n ?? 0;
}

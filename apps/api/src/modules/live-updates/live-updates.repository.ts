import { sql } from 'drizzle-orm';
import type { AdminEvent, NewAdminEvent } from '@gold/contract';
import { selectRows, type Executor } from '../../db/client';
import { adminEvents } from '../../db/schema';

/** The PostgreSQL channel every API process listens on. */
export const eventChannel = 'admin_events';

/** Advisory-lock key (two-key form, namespace of this module) that numbers events in commit order. */
const eventLockClass = 0x5167_0010;
const eventOrderLock = 1;

const e = adminEvents;

/**
 * Writes an event and announces it. Call it inside the transaction that makes the change, as its
 * LAST statement: pg_notify is delivered on commit (a rolled-back change announces nothing), and
 * the lock taken here, held until commit, makes ids grow in commit order, so a client that resumes
 * after id N misses nothing committed before it. Nothing locks after it, so it cannot deadlock.
 * Lock, insert and notify are one statement, so the lock is held for that statement and the
 * commit alone: every writer of events queues on it, and not for a round trip more than needed.
 */
export async function publishEvent(tx: Executor, event: NewAdminEvent): Promise<AdminEvent> {
  const { type, ...data } = event;
  // The materialised CTE is read before the insert draws its id, so the id is drawn under the lock.
  const [row] = await selectRows<{ id: number }>(
    tx,
    sql`with ordered as materialized (select pg_advisory_xact_lock(${eventLockClass}, ${eventOrderLock})),
             stored as (insert into ${e} (type, data) select ${type}, ${JSON.stringify(data)}::jsonb from ordered returning id, type, data)
        select stored.id, pg_notify(${eventChannel}, (jsonb_build_object('id', stored.id, 'type', stored.type) || stored.data)::text)
          from stored`,
  );
  return { id: row!.id, ...event } as AdminEvent;
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

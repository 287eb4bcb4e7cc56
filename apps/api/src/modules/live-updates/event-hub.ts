import type { FastifyBaseLogger } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { adminEvent, type AdminEvent } from '@gold/contract';
import type { Database } from '../../db/client';
import { eventChannel, eventsAfter, latestEventId, pruneEvents } from './live-updates.repository';

type EventListener = (event: AdminEvent) => void;

export interface EventHub {
  /** Starts listening on first use; resolves once LISTEN is in place, so nothing committed after it is missed. */
  subscribe(listener: EventListener): Promise<() => void>;
  close(): Promise<void>;
}

export interface EventHubOptions {
  /** Events older than this are pruned (default 24 h); a client away longer is told to refetch. */
  keepHours?: number;
  pruneEveryMs?: number;
  /** Reconnection delay of the PostgreSQL listener after its connection fails (doubles up to 4 s). */
  retryInitialMs?: number;
}

/**
 * This process's ear for events written by any API process: one LISTEN on the database, shared
 * by every open stream. PostgreSQL: a dedicated client (not a pool connection, which would be
 * handed back and lose its LISTEN), reconnected with back-off; after a reconnect the events
 * written meanwhile are read back from the table. PGlite (one process): its own listen().
 */
export function createEventHub(db: Database, log: FastifyBaseLogger, options: EventHubOptions = {}): EventHub {
  const listeners = new Set<EventListener>();
  const keepHours = options.keepHours ?? 24;
  const retryInitialMs = options.retryInitialMs ?? 500;
  // A database back from a restart is heard again within this, plus the time to connect.
  const retryMaxMs = 4000;
  let started: Promise<void> | undefined;
  let closed = false;
  let stop: (() => Promise<void>) | undefined;
  /** The highest id heard, to read back what a broken connection missed. */
  let highestId = 0;
  let pruneTimer: NodeJS.Timeout | undefined;

  const dispatch = (event: AdminEvent) => {
    highestId = Math.max(highestId, event.id);
    for (const listener of listeners) listener(event);
  };
  const onPayload = (payload: string) => {
    const parsed = adminEvent.safeParse(JSON.parse(payload));
    if (parsed.success) dispatch(parsed.data);
    else log.warn({ payload }, 'events: a notification that is not an event was ignored');
  };

  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;

  async function listenPglite(pglite: PGlite) {
    const unlisten = await pglite.listen(eventChannel, onPayload);
    stop = () => unlisten();
  }

  async function listenPostgres(pool: pg.Pool) {
    const { default: pgModule } = await import('pg');
    let current: pg.Client | undefined;
    let retryMs = retryInitialMs;
    let retryTimer: NodeJS.Timeout | undefined;

    const connect = async (): Promise<void> => {
      const listener = new pgModule.Client(pool.options);
      current = listener;
      listener.on('notification', (message) => {
        if (message.channel === eventChannel && message.payload) onPayload(message.payload);
      });
      // A restart or failover ends the connection with an error, a plain disconnect without one.
      listener.on('error', (error) => {
        if (current !== listener) return;
        log.warn({ err: error.message }, 'events: the listening connection failed; reconnecting');
        void listener.end().catch(() => {});
        reconnectLater();
      });
      listener.on('end', () => {
        if (current !== listener || closed) return;
        log.warn('events: the listening connection ended; reconnecting');
        reconnectLater();
      });
      await listener.connect();
      await listener.query(`listen ${eventChannel}`);
      retryMs = retryInitialMs;
    };
    const reconnectLater = () => {
      if (closed || retryTimer) return;
      current = undefined;
      retryTimer = setTimeout(async () => {
        retryTimer = undefined;
        try {
          await connect();
          // Whatever was committed while nobody listened.
          for (const event of await eventsAfter(db, highestId)) dispatch(event);
          log.info('events: listening again');
        } catch (error) {
          log.warn({ err: (error as Error).message }, 'events: cannot listen yet; retrying');
          void current?.end().catch(() => {});
          retryMs = Math.min(retryMs * 2, retryMaxMs);
          reconnectLater();
        }
      }, retryMs);
      retryTimer.unref();
    };

    await connect();
    stop = async () => {
      clearTimeout(retryTimer);
      await current?.end().catch(() => {});
    };
  }

  async function start() {
    highestId = await latestEventId(db);
    if (typeof (client as PGlite).listen === 'function') await listenPglite(client as PGlite);
    else await listenPostgres(client as pg.Pool);
    pruneTimer = setInterval(() => {
      pruneEvents(db, keepHours).catch((error: Error) => log.warn({ err: error.message }, 'events: pruning failed'));
    }, options.pruneEveryMs ?? 600_000);
    pruneTimer.unref();
  }

  return {
    async subscribe(listener) {
      if (closed) throw new Error('the event hub is closed');
      started ??= start().catch((error: unknown) => {
        started = undefined;
        throw error;
      });
      listeners.add(listener);
      try {
        await started;
      } catch (error) {
        listeners.delete(listener);
        throw error;
      }
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      listeners.clear();
      clearInterval(pruneTimer);
      await started?.catch(() => {});
      await stop?.();
    },
  };
}

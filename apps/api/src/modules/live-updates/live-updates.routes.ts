import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, type AdminEvent, type AdminStreamNotice } from '@gold/contract';
import type { AppDeps } from '../../app-deps';
import { isDatabaseUnavailable } from '../../lib/database-unavailable';
import { HttpError, tooManyRequests } from '../../lib/http-errors';
import { sessionStreamSlots } from './stream-slots';
import { sessionTokenOf } from '../identity/sessions/session-cookie';
import { hashSessionToken } from '../identity/sessions/session-token';
import { findLiveSession } from '../identity/sessions/sessions.repository';
import { createEventHub } from './event-hub';
import { eventsAfter, eventStored, latestEventId } from './live-updates.repository';

export interface LiveUpdatesRoutesOptions extends AppDeps {
  /** How often an open stream checks that its session still lives (default 2 s). */
  sessionCheckMs?: number;
  /** A comment line this often keeps proxies from closing a quiet stream (default 20 s). */
  heartbeatMs?: number;
}

/** Events a reconnecting client may be sent back at most; past that it is told to refetch. */
const maxReplay = 500;

const streamHeaders = z.object({
  'last-event-id': z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
});

/** The event-stream wire format: an id (stored events and `ready`), the JSON message, a blank line. */
const frame = (message: AdminEvent | AdminStreamNotice, id?: number) =>
  `${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(message)}\n\n`;

/**
 * GET /admin/events: live updates for the console as server-sent events. Behind the admin scope's
 * session check; the stream then re-checks its session every few seconds and before each event,
 * and ends (after a `session-ended` message) at logout, expiry or deactivation, whichever process
 * ended it. Last-Event-ID resumes after that event, or asks for a refetch when it is unknown.
 */
export const liveUpdatesRoutes: FastifyPluginAsyncZod<LiveUpdatesRoutesOptions> = async (app, options) => {
  const { db, config } = options;
  const sessionCheckMs = options.sessionCheckMs ?? 2000;
  const heartbeatMs = options.heartbeatMs ?? 20_000;
  const hub = createEventHub(db, app.log);
  const open = new Set<() => void>();
  // Counted in the database: the cap holds whichever API processes the session's tabs reach.
  const slots = sessionStreamSlots(db, 'events', config.EVENT_STREAMS_PER_SESSION);
  // Streams never end on their own: the server's close (SIGTERM, tests) ends them first.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });
  app.addHook('onClose', async () => {
    slots.close();
    await hub.close();
  });

  app.get(
    '/admin/events',
    {
      schema: {
        tags: ['events'],
        summary:
          'Server-sent events: redemption created or changed, stock changed, reserves changed. Resumes after Last-Event-ID; ends when the session does',
        headers: streamHeaders,
        response: {
          200: {
            description: 'text/event-stream; each message is JSON (AdminStreamMessage in the contract) with the event id as the SSE id',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          400: errorResponse,
          401: errorResponse,
          406: errorResponse,
        },
      },
    },
    async (request, reply) => {
      // A stream never ends on its own: a client must ask for one (EventSource always does).
      if (!(request.headers.accept ?? '').includes('text/event-stream')) {
        throw new HttpError(
          406,
          'This route is a server-sent event stream: ask for it with Accept: text/event-stream (as EventSource does)',
        );
      }
      const tokenHash = hashSessionToken(sessionTokenOf(request)!);
      const sessionLives = async () => Boolean(await findLiveSession(db, tokenHash, config.SESSION_IDLE_MINUTES));
      const resumeAfter = request.headers['last-event-id'];
      const releaseSlot = await slots.take(tokenHash);
      if (!releaseSlot) {
        throw tooManyRequests(
          `At most ${config.EVENT_STREAMS_PER_SESSION} event streams at once per session: close another tab of the console, then try again`,
          5,
        );
      }

      reply.hijack();
      const res: ServerResponse = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // nginx would otherwise hold the events in its buffer.
        'x-accel-buffering': 'no',
      });
      res.write('retry: 2000\n\n');

      let ended = false;
      let replaying = true;
      const held: AdminEvent[] = [];
      /** Ids already written (a reconnect's replay and the live feed may both carry one). */
      const sent = new Set<number>();
      let queue = Promise.resolve();

      const write = (text: string) => {
        if (!ended && !res.destroyed) res.write(text);
      };
      const send = (event: AdminEvent) => {
        if (sent.has(event.id)) return;
        sent.add(event.id);
        if (sent.size > 2 * maxReplay) sent.delete(sent.values().next().value!);
        write(frame(event, event.id));
      };
      const end = (notice?: AdminStreamNotice['type']) => {
        if (ended) return;
        if (notice) write(frame({ type: notice }));
        ended = true;
        releaseSlot();
        open.delete(end);
        clearInterval(checkTimer);
        clearInterval(heartbeatTimer);
        unsubscribe?.();
        res.end();
      };
      open.add(end);
      request.raw.on('close', () => end());

      /** Every event waits for a session check, in order. */
      const deliver = (event: AdminEvent) => {
        queue = queue.then(async () => {
          if (ended) return;
          if (await sessionLives()) send(event);
          else end('session-ended');
        });
        queue.catch(() => end());
      };
      const checkTimer = setInterval(() => {
        queue = queue.then(async () => {
          if (ended) return;
          // The database away (a restart, a failover): the stream stays open and checks again next time.
          const lives = await sessionLives().catch((error: unknown) => {
            if (isDatabaseUnavailable(error)) return true;
            throw error;
          });
          if (!lives) end('session-ended');
        });
        queue.catch(() => end());
      }, sessionCheckMs);
      const heartbeatTimer = setInterval(() => write(': keep-alive\n\n'), heartbeatMs);
      checkTimer.unref();
      heartbeatTimer.unref();

      let unsubscribe: (() => void) | undefined;
      try {
        unsubscribe = await hub.subscribe((event) => (replaying ? held.push(event) : deliver(event)));
        if (ended) return unsubscribe();
        let position = await latestEventId(db);
        if (resumeAfter !== undefined && resumeAfter !== position) {
          const missed =
            resumeAfter === 0 || (await eventStored(db, resumeAfter)) ? await eventsAfter(db, resumeAfter, maxReplay + 1) : null;
          if (missed && missed.length <= maxReplay) missed.forEach(send);
          else write(frame({ type: 'refetch' }, position));
        }
        position = Math.max(position, ...sent);
        write(frame({ type: 'ready' }, position));
        replaying = false;
        held.splice(0).forEach(deliver);
      } catch (error) {
        request.log.warn({ err: (error as Error).message }, 'events: the stream could not start');
        end();
      }
    },
  );
};

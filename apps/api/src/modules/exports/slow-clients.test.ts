import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { describeEachEngine } from '../../test/test-app';

/**
 * Clients that start a download and then read nothing more: four CSV exports of some 12 MB
 * each (more than the socket buffers take, so each export is stopped half-way by its reader),
 * while the count and list calls must still answer: on PGlite, whose one connection an export
 * holding a transaction open would keep; on PostgreSQL, with no session idle in a transaction.
 * A fifth export in the session is refused (429) until the readers give up. Event streams per
 * session are capped the same way. (Ending a stalled download: stream-limits.test.ts.)
 */
const transactionRows = 60_000;

describeEachEngine(
  'slow clients',
  (t) => {
    let origin: string;
    const requests: ClientRequest[] = [];
    beforeAll(async () => {
      await t().database.db.execute(sql`
        insert into token_transactions (txhash, log_index, from_address, to_address, amount, type, occurred_at)
        select '0x' || lpad(to_hex(i), 64, '0'), 0, '0x' || lpad(to_hex(i), 40, 'a'), '0x' || lpad(to_hex(i), 40, 'b'),
               (i % 1000) + 0.5, 'TRANSFER', timestamptz '2026-01-01 00:00:00+00' + make_interval(secs => i)
          from generate_series(1, ${transactionRows}) as i`);
      origin = await t().app.listen({ host: '127.0.0.1', port: 0 });
    });
    afterAll(() => requests.forEach((r) => r.destroy()));

    /** Starts a download on a real socket, without compression, and answers once its first bytes came. */
    const startDownload = async (path: string, accept = '*/*') => {
      const cookie = await t().adminCookie();
      return new Promise<{ response: IncomingMessage; closed: Promise<void> }>((resolve, reject) => {
        const req = request(`${origin}${path}`, { headers: { cookie, accept, 'accept-encoding': 'identity' } }, (response) => {
          const closed = new Promise<void>((done) => {
            response.once('close', done);
            response.once('error', () => done());
          });
          response.once('data', () => {
            response.pause();
            resolve({ response, closed });
          });
          if (response.statusCode !== 200) response.resume();
          response.once('end', () => resolve({ response, closed }));
        });
        req.once('error', reject);
        requests.push(req);
        req.end();
      });
    };

    it('count and list calls answer while four exports wait for their readers; a fifth is refused; the slots come back when the readers give up', async () => {
      const readers = await Promise.all(
        [
          'transactions.csv',
          'transactions.csv?sort=amount&order=desc',
          'transactions.csv?type=TRANSFER',
          'transactions.csv?sort=date&order=desc',
        ].map((list) => startDownload(`/api/admin/export/${list}`)),
      );
      expect(readers.map((r) => r.response.statusCode)).toEqual([200, 200, 200, 200]);
      const fifth = await t().injectAsAdmin({ method: 'GET', url: '/api/admin/export/users.csv' });
      expect(fifth.statusCode).toBe(429);
      expect(fifth.headers['retry-after']).toBeDefined();
      expect(fifth.json().message).toMatch(/At most 4 exports at once per session/);

      const count = await t().injectAsAdmin({ method: 'GET', url: '/api/admin/count/transactions' });
      expect(count.statusCode).toBe(200);
      expect(count.json()).toEqual(expect.objectContaining({ count: transactionRows }));
      const list = await t().injectAsAdmin({ method: 'GET', url: '/api/admin/list/transactions?limit=10&sort=amount&order=asc' });
      expect(list.statusCode).toBe(200);
      expect(list.json().data).toHaveLength(10);
      if (t().engine === 'postgres') {
        const [open] = await selectRows<{ n: number }>(
          t().database.db,
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
        );
        expect(open?.n).toBe(0);
      }

      // The readers give up: their slots come back.
      expect(readers.every((r) => !r.response.complete)).toBe(true);
      readers.forEach((r) => r.response.destroy());
      await Promise.all(readers.map((r) => r.closed));
      await expect.poll(async () => (await t().injectAsAdmin({ method: 'GET', url: '/api/admin/export/users.csv' })).statusCode).toBe(200);
    }, 90_000);

    it('caps the event streams of one session with a 429, and frees a slot when a stream closes', async () => {
      const first = await startDownload('/api/admin/events', 'text/event-stream');
      const second = await startDownload('/api/admin/events', 'text/event-stream');
      expect([first.response.statusCode, second.response.statusCode]).toEqual([200, 200]);
      const third = await t().injectAsAdmin({ method: 'GET', url: '/api/admin/events', headers: { accept: 'text/event-stream' } });
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toMatch(/At most 2 event streams at once per session/);
      first.response.destroy();
      await first.closed;
      await expect
        .poll(async () => {
          const next = await startDownload('/api/admin/events', 'text/event-stream');
          next.response.destroy();
          return next.response.statusCode;
        })
        .toBe(200);
    });
  },
  { env: { EXPORTS_PER_SESSION: '4', EVENT_STREAMS_PER_SESSION: '2', STREAM_STALL_SECONDS: '600' } },
);

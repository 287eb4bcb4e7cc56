import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/config';
import { selectRows } from '../../db/client';
import { describeEachEngine, insertTestAdmin, signInCookie } from '../test-app';
import { createTestDatabase, postgresReachable, type TestDatabase } from '../test-databases';

const postgresUp = await postgresReachable();

/** Some 18 MB of JSON: more than the loopback sockets' buffers hold, so a client that reads nothing stops the answer half-way. */
const insertTransactions = (rows: number) => sql`
  insert into token_transactions (txhash, log_index, from_address, to_address, amount, type, occurred_at)
  select '0x' || lpad(to_hex(i), 64, '0'), 0, '0x' || lpad(to_hex(i), 40, 'a'), '0x' || lpad(to_hex(i), 40, 'b'),
         (i % 1000) + 0.5, 'TRANSFER', timestamptz '2026-01-01 00:00:00+00' + make_interval(secs => i)
    from generate_series(1, ${rows}) as i`;

/**
 * A client that asks for a whole list (no `limit`: every row, as the spec's form answers) and
 * then reads nothing is ended after STREAM_STALL_SECONDS: it holds neither the answer's memory
 * nor its socket for good. A raw socket that never reads, then looks at what it was sent.
 */
describeEachEngine(
  'a client that stops reading a whole-list answer',
  (t) => {
    let port: number;
    beforeAll(async () => {
      await t().database.db.execute(insertTransactions(60_000));
      const origin = await t().app.listen({ host: '127.0.0.1', port: 0 });
      port = Number(new URL(origin).port);
    });

    it('is cut off once it has taken nothing for the bound, while the server keeps answering others', async () => {
      const cookie = await t().adminCookie();
      const socket = connect({ host: '127.0.0.1', port });
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      socket.write(
        `GET /api/admin/list/transactions HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nAccept-Encoding: identity\r\n\r\n`,
      );
      socket.pause();
      const connections = () => new Promise<number>((resolve) => t().app.server.getConnections((_error, n) => resolve(n)));
      await expect.poll(connections, { timeout: 5000 }).toBe(1);
      // Others are answered meanwhile.
      expect((await t().injectAsAdmin({ method: 'GET', url: '/api/admin/count/transactions' })).statusCode).toBe(200);
      // Ended by the server within the bound (1 s here) and its checks: no connection is left.
      await expect.poll(connections, { timeout: 15_000, interval: 200 }).toBe(0);

      // What the client gets once it reads: the head and a JSON answer cut short, never its end.
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', () => {});
      socket.resume();
      await new Promise<void>((resolve) => socket.once('close', () => resolve()));
      const text = Buffer.concat(chunks).toString('latin1');
      expect(text).toMatch(/^HTTP\/1\.1 200 OK/);
      expect(text).toContain('{"data":[');
      expect(text).not.toContain('"total":60000}');
    }, 60_000);
  },
  { env: { STREAM_STALL_SECONDS: '1' } },
);

/**
 * Two API processes on one PostgreSQL database (as WORKERS=2, or two hosts): a session's exports
 * and event streams are capped across both, and a process that died (its slots never released)
 * frees them when their lease runs out.
 */
describe.skipIf(!postgresUp)('stream caps per session across API processes (PostgreSQL)', () => {
  let database: TestDatabase;
  let apps: FastifyInstance[] = [];
  let origins: string[] = [];
  let cookie: string;
  const requests: ClientRequest[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await database.db.execute(insertTransactions(60_000));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO_DATA: 'false',
      EXPORTS_PER_SESSION: '1',
      EVENT_STREAMS_PER_SESSION: '1',
      STREAM_STALL_SECONDS: '600',
    });
    apps = [await buildApp({ db: database.db, config, webDistDir: null }), await buildApp({ db: database.db, config, webDistDir: null })];
    origins = await Promise.all(apps.map((app) => app.listen({ host: '127.0.0.1', port: 0 })));
    await insertTestAdmin(database);
    cookie = await signInCookie(apps[0]!);
  });
  afterAll(async () => {
    requests.forEach((r) => r.destroy());
    for (const app of apps) await app.close();
    await database?.destroy();
  });

  /** Starts a stream on a real socket and answers once its first bytes came (or the refusal's whole body). */
  const start = (origin: string, path: string, accept = '*/*') =>
    new Promise<{ response: IncomingMessage; body: Promise<string>; closed: Promise<void> }>((resolve, reject) => {
      const req = request(`${origin}${path}`, { headers: { cookie, accept, 'accept-encoding': 'identity' } }, (response) => {
        const closed = new Promise<void>((done) => {
          response.once('close', done);
          response.once('error', () => done());
        });
        if (response.statusCode === 200) {
          response.once('data', () => {
            response.pause();
            resolve({ response, body: Promise.resolve(''), closed });
          });
        } else {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          resolve({ response, body: closed.then(() => text), closed });
        }
      });
      req.once('error', reject);
      requests.push(req);
      req.end();
    });
  const slotsOf = async (kind: string) =>
    (await selectRows<{ n: number }>(database.db, sql`select count(*)::int as n from stream_slots where kind = ${kind}`))[0]!.n;

  it('an export in one process takes the session’s only export slot in the other; it comes back when the reader goes', async () => {
    const first = await start(origins[0]!, '/api/admin/export/transactions.csv');
    expect(first.response.statusCode).toBe(200);
    const second = await start(origins[1]!, '/api/admin/export/transactions.csv');
    expect(second.response.statusCode).toBe(429);
    expect(JSON.parse(await second.body).message).toMatch(/At most 1 exports at once per session/);
    first.response.destroy();
    await first.closed;
    await expect.poll(() => slotsOf('export')).toBe(0);
    const third = await start(origins[1]!, '/api/admin/export/transactions.csv');
    expect(third.response.statusCode).toBe(200);
    third.response.destroy();
    await third.closed;
    await expect.poll(() => slotsOf('export')).toBe(0);
  }, 60_000);

  it('an event stream in one process takes the session’s only stream slot in the other', async () => {
    const first = await start(origins[1]!, '/api/admin/events', 'text/event-stream');
    expect(first.response.statusCode).toBe(200);
    const second = await start(origins[0]!, '/api/admin/events', 'text/event-stream');
    expect(second.response.statusCode).toBe(429);
    expect(JSON.parse(await second.body).message).toMatch(/At most 1 event streams at once per session/);
    first.response.destroy();
    await first.closed;
    await expect.poll(() => slotsOf('events')).toBe(0);
  });

  it('the slots of a process that died stop counting when their lease runs out', async () => {
    const [{ hash }] = (await selectRows<{ hash: string }>(database.db, sql`select token_hash as hash from admin_sessions limit 1`)) as [
      { hash: string },
    ];
    // Left by a process killed mid-stream: one still leased, one whose lease ran out.
    await database.db.execute(
      sql`insert into stream_slots (session_hash, kind, expires_at) values (${hash}, 'events', now() + interval '1 minute')`,
    );
    const refused = await start(origins[0]!, '/api/admin/events', 'text/event-stream');
    expect(refused.response.statusCode).toBe(429);
    await refused.body;
    await database.db.execute(sql`update stream_slots set expires_at = now() - interval '1 second' where kind = 'events'`);
    const taken = await start(origins[0]!, '/api/admin/events', 'text/event-stream');
    expect(taken.response.statusCode).toBe(200);
    expect(await slotsOf('events')).toBe(1);
    taken.response.destroy();
    await taken.closed;
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startApiProcess, waitUntil, type ApiProcess } from '../api-processes';
import { insertCustomer, insertDenomination, insertRedemption, recountedStock } from '../redemption-fixtures';
import { insertTestAdmin, testAdmin } from '../test-app';
import { createTestDatabase, postgresReachable, type TestDatabase } from '../test-databases';

/**
 * Several API processes on one PostgreSQL database act as one service: two real processes
 * (the entry point, as `npm start` runs it), each on its own port, as a load balancer would
 * see them; then `WORKERS=2` (node:cluster). Nothing is set by hand for this: no OTP_HASH_KEY,
 * no SMTP_URL (the demo catcher's mail is kept in the database).
 */
const postgresUp = await postgresReachable();

interface CaughtMail {
  subject: string;
  text: string;
}

describe.skipIf(!postgresUp)('two API processes on one PostgreSQL database', () => {
  let database: TestDatabase;
  let a: ApiProcess;
  let b: ApiProcess;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await insertTestAdmin(database);
    // A queue long enough for the 40 simultaneous sign-ins below: what is measured is the throttle, not load shedding.
    const env = { DATABASE_URL: database.url!, SIGN_IN_QUEUE: '64' };
    [a, b] = await Promise.all([startApiProcess(env), startApiProcess(env)]);
  }, 240_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.destroy();
  });

  it('each answers liveness without the database and readiness with it', async () => {
    for (const api of [a, b]) {
      expect(await call(api.baseUrl, '/api/health/live')).toMatchObject({ status: 200, body: { status: 'ok' } });
      expect(await call(api.baseUrl, '/api/health/ready')).toMatchObject({ status: 200, body: { status: 'ok', database: 'up' } });
      expect(await call(api.baseUrl, '/api/health')).toMatchObject({ status: 200, body: { status: 'ok', database: 'up' } });
    }
  });

  it('a session started on one process is valid on the other, and logout on the other ends it on both', async () => {
    const cookie = await signIn(a.baseUrl, testAdmin);
    expect((await call(b.baseUrl, '/api/account/session', { cookie })).status).toBe(200);
    expect((await call(b.baseUrl, '/api/account/logout', { body: {}, cookie })).status).toBeLessThan(300);
    expect((await call(a.baseUrl, '/api/account/session', { cookie })).status).toBe(401);
    expect((await call(b.baseUrl, '/api/account/session', { cookie })).status).toBe(401);
  });

  it('throttles 40 simultaneous wrong passwords split over both processes as one: at most 5 are checked', async () => {
    await insertTestAdmin(database, { email: 'guessed@example.com' });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call((i % 2 ? a : b).baseUrl, '/api/admin/login', { body: { email: 'guessed@example.com', password: `wrong guess number ${i}` } }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - checked);
  });

  it('a code sent by one process is checked by the other, and approve works there', async () => {
    const customer = await insertCustomer(database.db, 'Wayan Sudarma');
    const denominationId = await insertDenomination(database.db, 10, 3);
    const id = await insertRedemption(database.db, {
      customerId: customer.id,
      status: 'PREPARATION',
      pieces: [{ denominationId, denom: 10, amount: 1 }],
    });
    const cookie = await signIn(a.baseUrl, testAdmin);

    expect((await call(a.baseUrl, '/api/admin/redeem/sendotp', { body: { id }, cookie })).status).toBe(200);
    // The mail process a caught is on process b's page too: it is kept in the database.
    const mail = await call<{ data: CaughtMail[] }>(b.baseUrl, '/api/admin/dev/mail', { cookie });
    const text = mail.body.data.find((m) => m.subject.endsWith(`(#${id})`))!.text;
    const otp = /: (\d{6})\n/.exec(text)![1]!;
    expect(await call(b.baseUrl, '/api/admin/redeem/checkotp', { body: { id, otp }, cookie })).toMatchObject({
      status: 200,
      body: { verified: true },
    });
    const identity = { documentType: 'KTP', last4: '0007' };
    expect((await call(a.baseUrl, `/api/admin/redeem/${id}/identity-check`, { body: identity, cookie })).status).toBe(201);
    expect(await call(b.baseUrl, '/api/admin/redeem/approve', { body: { id }, cookie })).toMatchObject({
      status: 200,
      body: { id, status: 'REDEEMED' },
    });
  });

  it('approvals racing through both processes for scarce stock: exactly the number that fits succeed, the rest get 409', async () => {
    const stock = 5;
    const wanted = 9;
    const denominationId = await insertDenomination(database.db, 25, stock);
    const customer = await insertCustomer(database.db, 'Ketut Arsana');
    const ids: number[] = [];
    for (let i = 0; i < wanted; i++) {
      ids.push(
        await insertRedemption(database.db, {
          customerId: customer.id,
          status: 'PREPARATION',
          pieces: [{ denominationId, denom: 25, amount: 1 }],
        }),
      );
    }
    const cookie = await signIn(b.baseUrl, testAdmin);
    // Each verified across the processes: the code sent by one, checked by the other.
    for (const [i, id] of ids.entries()) {
      const [sender, checker] = i % 2 ? [a, b] : [b, a];
      expect((await call(sender.baseUrl, '/api/admin/redeem/sendotp', { body: { id }, cookie })).status).toBe(200);
      const mail = await call<{ data: CaughtMail[] }>(checker.baseUrl, '/api/admin/dev/mail', { cookie });
      const otp = /: (\d{6})\n/.exec(mail.body.data.find((m) => m.subject.endsWith(`(#${id})`))!.text)![1]!;
      expect((await call(checker.baseUrl, '/api/admin/redeem/checkotp', { body: { id, otp }, cookie })).status).toBe(200);
      const identity = { documentType: 'KTP', last4: '0007' };
      expect((await call(sender.baseUrl, `/api/admin/redeem/${id}/identity-check`, { body: identity, cookie })).status).toBe(201);
    }

    const answers = await Promise.all(
      ids.map((id, i) => call((i % 2 ? a : b).baseUrl, '/api/admin/redeem/approve', { body: { id }, cookie })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(stock);
    expect(statuses.filter((s) => s === 409)).toHaveLength(wanted - stock);
    const vault = (await recountedStock(database.db)).find((d) => d.id === denominationId)!;
    expect(vault).toMatchObject({ amount: stock, redeemed: stock, available: 0, kept: stock });
  });
});

describe('WORKERS', () => {
  it('is refused on the embedded database, saying why', async () => {
    const refused = startApiProcess({ WORKERS: '2', DATA_DIR: '/nonexistent/never-created' });
    await expect(refused).rejects.toThrow(
      /WORKERS: 2 processes need DATABASE_URL \(PostgreSQL\); the embedded database \(PGlite\) allows one process per DATA_DIR/,
    );
  });

  describe.skipIf(!postgresUp)('=2 on PostgreSQL', () => {
    let database: TestDatabase;
    let primary: ApiProcess;
    const admin = { email: 'cluster@example.com', password: 'Kasir Emas Loket Dua 2026!' };
    const listeningPids = (output: string) =>
      [...output.matchAll(/"pid":(\d+),[^\n]*"msg":"Server listening at/g)].map((m) => Number(m[1]));
    const workerPids = () => listeningPids(primary.output());

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      primary = await startApiProcess(
        { WORKERS: '2', DATABASE_URL: database.url!, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
        // The primary serves nothing itself: ready once both workers listen.
        {
          ready: async (api) =>
            listeningPids(api.output()).length === 2 &&
            (await fetch(`${api.baseUrl}/api/health/ready`).then(
              (r) => r.ok,
              () => false,
            )),
        },
      );
    }, 240_000);
    afterAll(async () => {
      if (primary?.child.exitCode === null) primary.child.kill('SIGKILL');
      await database?.destroy();
    });

    it('does the start-up work once, in the primary, and one worker leads', async () => {
      expect(primary.output().match(/first admin cluster@example.com created/g)).toHaveLength(1);
      await waitUntil('a leader', () => /leadership taken/.test(primary.output()));
      expect(primary.output().match(/leadership taken/g)).toHaveLength(1);
      const cookie = await signIn(primary.baseUrl, admin);
      expect((await call(primary.baseUrl, '/api/account/session', { cookie })).status).toBe(200);
    });

    it('replaces a worker that dies, and keeps answering meanwhile', async () => {
      const [victim] = workerPids();
      process.kill(victim!, 'SIGKILL');
      // Once the primary has seen it die (a connection handed to it at the very moment of a SIGKILL is lost with it).
      await waitUntil('the primary to see the worker die', () => /a worker died: starting another/.test(primary.output()));
      for (let i = 0; i < 10; i++) expect((await call(primary.baseUrl, '/api/health/live')).status).toBe(200);
      await waitUntil('a replacement worker', () => workerPids().length === 3, 120_000);
    }, 150_000);

    it('replaces every worker one at a time on SIGHUP without a failed request, then drains and exits cleanly on SIGTERM', async () => {
      const cookie = await signIn(primary.baseUrl, admin);
      const failures: string[] = [];
      let answered = 0;
      let rolling = true;
      const load = (async () => {
        while (rolling) {
          const answers = await Promise.all([
            call(primary.baseUrl, '/api/account/session', { cookie }).then(
              (r) => r.status,
              (e: Error) => e.message,
            ),
            call(primary.baseUrl, '/api/admin/login', { body: { email: 'nobody@example.com', password: 'x' } }).then(
              (r) => r.status,
              (e: Error) => e.message,
            ),
          ]);
          answered += answers.length;
          if (answers[0] !== 200) failures.push(`session: ${answers[0]}`);
          if (answers[1] !== 401 && answers[1] !== 429) failures.push(`login: ${answers[1]}`);
        }
      })();
      const before = workerPids().length;
      primary.child.kill('SIGHUP');
      await waitUntil('every worker replaced', () => /every worker replaced/.test(primary.output()), 150_000);
      rolling = false;
      await load;
      expect(workerPids().length).toBe(before + 2);
      expect(failures).toEqual([]);
      expect(answered).toBeGreaterThan(10);

      expect(await primary.stop()).toBe(0);
      expect(primary.output()).toMatch(/primary: asking the workers to finish their requests in flight/);
    }, 200_000);
  });
});

import { count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { adminSessions, admins, auditLog, signInAttempts } from '../../../db/schema';
import { selectRows } from '../../../db/client';
import { describeEachEngine, insertTestAdmin, signInCookie, testAdmin } from '../../../test/test-app';
import { passwordVerificationCount } from '../admins/passwords';

const login = (payload: { email: string; password: string }, extra: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  ({ method: 'POST', url: '/api/admin/login', payload, ...extra }) as const;

/** Argon2 verifications run by this process while `work` runs (tests in a file run one at a time). */
async function countVerifications<T>(work: () => Promise<T>): Promise<{ result: T; verifications: number }> {
  const before = passwordVerificationCount();
  const result = await work();
  return { result, verifications: passwordVerificationCount() - before };
}

const statuses = (responses: LightMyRequestResponse[]) =>
  responses.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.statusCode]: (acc[r.statusCode] ?? 0) + 1 }), {});

describeEachEngine('sign-in and sessions', (t) => {
  beforeAll(async () => {
    await insertTestAdmin(t().database);
  });

  it('signs in, answers who is signed in, and signs out', async () => {
    const { app, database } = t();
    const signIn = await app.inject(login({ email: 'Operator@Example.com', password: testAdmin.password }));
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().admin).toMatchObject({
      email: testAdmin.email,
      fullName: testAdmin.fullName,
      role: testAdmin.role,
      locationId: null,
      status: 'Activated',
    });
    const cookie = signIn.cookies.find((c) => c.name === 'bo_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only a hash of the token is stored.
    const stored = await database.db.select({ tokenHash: adminSessions.tokenHash }).from(adminSessions);
    expect(stored.map((s) => s.tokenHash)).not.toContain(cookie?.value);

    const headers = { cookie: `bo_session=${cookie?.value}` };
    const session = await app.inject({ method: 'GET', url: '/api/account/session', headers });
    expect(session.statusCode).toBe(200);
    expect(session.json().admin.email).toBe(testAdmin.email);

    const logout = await app.inject({ method: 'POST', url: '/api/account/logout', headers });
    expect(logout.statusCode).toBe(204);
    // The clearing cookie keeps the session cookie's attributes.
    const cleared = logout.cookies.find((c) => c.name === 'bo_session');
    expect(cleared).toMatchObject({ value: '', httpOnly: true, sameSite: 'Strict', path: '/', maxAge: 0 });
    expect(String(logout.headers['set-cookie'])).toMatch(/HttpOnly/);
    expect(String(logout.headers['set-cookie'])).toMatch(/SameSite=Strict/);
    const after = await app.inject({ method: 'GET', url: '/api/account/session', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Sign in required' });
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const { app } = t();
    const wrong = await app.inject(login({ email: testAdmin.email, password: 'not the password at all' }));
    const unknown = await app.inject(login({ email: 'nobody@example.com', password: 'whatever it is 123' }));
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password' });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.cookies).toHaveLength(0);
  });

  it('costs exactly one argon2 verification on every path: right, wrong, unknown, inactive, unusable hash', async () => {
    const { app, database } = t();
    await insertTestAdmin(database, { email: 'inactive@example.com' });
    await database.db.update(admins).set({ status: 'Not Activated' }).where(eq(admins.email, 'inactive@example.com'));
    await insertTestAdmin(database, { email: 'colleague@example.com' });
    for (const passwordHash of ['!unusable', '', '$argon2id$v=19$m=19456,t=2,p=1$broken']) {
      await database.db.update(admins).set({ passwordHash }).where(eq(admins.email, 'colleague@example.com'));
      const { result, verifications } = await countVerifications(() =>
        app.inject(login({ email: 'colleague@example.com', password: testAdmin.password }, { remoteAddress: '10.20.0.1' })),
      );
      expect(result.statusCode, passwordHash).toBe(401);
      expect(verifications, passwordHash).toBe(1);
    }
    const cases = [
      { email: testAdmin.email, password: testAdmin.password, status: 200 },
      { email: testAdmin.email, password: 'a wrong password here', status: 401 },
      { email: 'nobody-at-all@example.com', password: testAdmin.password, status: 401 },
      // The right password of an inactive admin is not even checked against its hash.
      { email: 'inactive@example.com', password: testAdmin.password, status: 401 },
    ];
    for (const { email, password, status } of cases) {
      const { result, verifications } = await countVerifications(() =>
        app.inject(login({ email, password }, { remoteAddress: '10.20.0.2' })),
      );
      expect(result.statusCode, email).toBe(status);
      expect(verifications, email).toBe(1);
    }
  });

  it('answers 401 on admin routes without a valid session, known or not', async () => {
    for (const url of ['/api/account/session', '/api/admin/list/users', '/api/admin/no-such-thing']) {
      const response = await t().app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Sign in required' });
      const forged = await t().app.inject({ method: 'GET', url, headers: { cookie: 'bo_session=forged-token-value' } });
      expect(forged.statusCode, url).toBe(401);
    }
    const cookie = await signInCookie(t().app);
    const known = await t().app.inject({ method: 'GET', url: '/api/admin/no-such-thing', headers: { cookie } });
    expect(known.statusCode).toBe(404);
    expect(known.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Route GET /api/admin/no-such-thing not found' });
  });

  it('ends a session after 30 idle minutes and after 12 hours in all', async () => {
    const { app, database } = t();
    const idleCookie = await signInCookie(app);
    await database.db
      .update(adminSessions)
      .set({ lastSeenAt: sql`now() - interval '31 minutes'` })
      .where(sql`ended_at is null`);
    expect((await app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie: idleCookie } })).statusCode).toBe(401);

    const oldCookie = await signInCookie(app);
    await database.db
      .update(adminSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`ended_at is null`);
    expect((await app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie: oldCookie } })).statusCode).toBe(401);
  });

  it('refuses a deactivated admin at once, even with a live session', async () => {
    const { app, database } = t();
    const cookie = await signInCookie(app);
    await database.db.update(admins).set({ status: 'Not Activated' }).where(eq(admins.email, testAdmin.email));
    expect((await app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie } })).statusCode).toBe(401);
    expect((await app.inject(login(testAdmin))).statusCode).toBe(401);
    await database.db.update(admins).set({ status: 'Activated' }).where(eq(admins.email, testAdmin.email));
  });

  it('holds back an address after 3 failures for an account with a doubling delay, while the right password from another address signs in', async () => {
    const { app, database } = t();
    const email = 'throttled@example.com';
    await insertTestAdmin(database, { email });
    const attacker = '198.51.100.66';
    for (let i = 0; i < 3; i++) {
      const r = await app.inject(login({ email, password: `wrong password ${i}` }, { remoteAddress: attacker }));
      expect(r.statusCode).toBe(401);
    }
    const { result: held, verifications } = await countVerifications(() =>
      app.inject(login({ email, password: testAdmin.password }, { remoteAddress: attacker })),
    );
    expect(held.statusCode).toBe(429);
    expect(verifications).toBe(0);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(25);
    expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(30);
    expect(held.json()).toMatchObject({
      statusCode: 429,
      error: 'Too Many Requests',
      message: expect.stringMatching(/Too many failed sign-in attempts/),
    });
    // The delay over, one more try; its failure doubles the next delay.
    const age = (seconds: number) =>
      database.db.execute(
        sql`update sign_in_attempts set attempted_at = attempted_at - make_interval(secs => ${seconds}) where ip_address = ${attacker}::inet`,
      );
    await age(31);
    expect((await app.inject(login({ email, password: 'wrong password 3' }, { remoteAddress: attacker }))).statusCode).toBe(401);
    const doubled = await app.inject(login({ email, password: 'wrong password 4' }, { remoteAddress: attacker }));
    expect(doubled.statusCode).toBe(429);
    expect(Number(doubled.headers['retry-after'])).toBeGreaterThan(55);
    expect(Number(doubled.headers['retry-after'])).toBeLessThanOrEqual(60);

    // The account's owner, from an address with no failures: signed in, and told once about the locking event.
    const owner = await app.inject(login({ email, password: testAdmin.password }, { remoteAddress: '203.0.113.5' }));
    expect(owner.statusCode).toBe(200);
    expect(owner.json().signInLocks).toEqual([
      { occurredAt: expect.any(String), ipAddress: attacker, scope: 'account-address', factor: 'password' },
    ]);
    const again = await app.inject(login({ email, password: testAdmin.password }, { remoteAddress: '203.0.113.5' }));
    expect(again.json().signInLocks).toEqual([]);
    const [entry] = await selectRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from audit_log where action = 'admin.sign_in_locked' and admin_id is null and ip_address = ${attacker}::inet`,
    );
    expect(entry?.n).toBe(1);
  });

  it('lets concurrent attempts below the free failures through, even when the latest was stamped after this one began', async () => {
    const { app, database } = t();
    const email = 'in-flight@example.com';
    await insertTestAdmin(database, { email });
    const address = '198.51.100.77';
    // Two attempts still being checked (failures until they succeed), stamped a few seconds after
    // the next attempt's transaction starts: as when it began, then waited on the lock they held.
    await database.db.execute(
      sql`insert into sign_in_attempts (email, ip_address, succeeded, attempted_at)
          values (${email}, ${address}::inet, false, now() + interval '5 seconds'),
                 (${email}, ${address}::inet, false, now() + interval '5 seconds')`,
    );
    const third = await app.inject(login({ email, password: testAdmin.password }, { remoteAddress: address }));
    expect(third.statusCode, third.body).toBe(200);
  });

  it('past the account-wide limit, addresses that failed for it wait and a clean address is still checked: nobody locks the admin out', async () => {
    const { app, database } = t();
    const email = 'many-guesses@example.com';
    await insertTestAdmin(database, { email });
    const guessers = Array.from({ length: 10 }, (_, i) => `198.51.100.${100 + i}`);
    for (const remoteAddress of guessers) {
      expect((await app.inject(login({ email, password: 'wrong password here' }, { remoteAddress }))).statusCode).toBe(401);
    }
    // Each guesser has one failure: under the per-address delay, but the account's limit holds it back now.
    const { result: heldBack, verifications: heldChecks } = await countVerifications(() =>
      app.inject(login({ email, password: testAdmin.password }, { remoteAddress: guessers[0] })),
    );
    expect(heldBack.statusCode).toBe(429);
    expect(heldChecks).toBe(0);
    // A wrong password from a new address is still checked (one try for it)...
    expect((await app.inject(login({ email, password: 'another wrong one' }, { remoteAddress: '192.0.2.201' }))).statusCode).toBe(401);
    expect((await app.inject(login({ email, password: 'and another one' }, { remoteAddress: '192.0.2.201' }))).statusCode).toBe(429);
    // ...and the right one from a clean address signs in, with the account's locking event shown.
    const owner = await app.inject(login({ email, password: testAdmin.password }, { remoteAddress: '192.0.2.202' }));
    expect(owner.statusCode).toBe(200);
    expect(owner.json().signInLocks).toEqual([
      { occurredAt: expect.any(String), ipAddress: guessers[9], scope: 'account', factor: 'password' },
    ]);
  });

  it('throttles an address after 20 failures across accounts', async () => {
    const { app, database } = t();
    const remoteAddress = '192.0.2.77';
    for (let i = 0; i < 20; i++) {
      await app.inject(login({ email: `guess${i}@example.com`, password: 'wrong password here' }, { remoteAddress }));
    }
    expect((await app.inject(login(testAdmin, { remoteAddress }))).statusCode).toBe(429);
    const [row] = await database.db
      .select({ n: count() })
      .from(signInAttempts)
      .where(sql`ip_address = ${remoteAddress}::inet`);
    expect(row?.n).toBe(20);
  });

  it('takes the address from the connection, not from X-Forwarded-For, when no proxy is trusted', async () => {
    const { app } = t();
    const remoteAddress = '192.0.2.88';
    const answers: number[] = [];
    for (let i = 0; i < 21; i++) {
      const r = await app.inject(
        login(
          { email: `spoof${i}@example.com`, password: 'wrong password here' },
          { remoteAddress, headers: { 'x-forwarded-for': `198.18.0.${i}` } },
        ),
      );
      answers.push(r.statusCode);
    }
    expect(answers.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(answers[20]).toBe(429);
  });

  it('refuses a state change from another origin and changes nothing', async () => {
    const { app, database } = t();
    const before = await database.db.select({ n: count() }).from(signInAttempts);
    const response = await app.inject(login(testAdmin, { headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } }));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Cross-origin request refused' });
    const after = await database.db.select({ n: count() }).from(signInAttempts);
    expect(after).toEqual(before);
    const sameOrigin = await app.inject(
      login(testAdmin, {
        headers: { origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' },
        remoteAddress: '10.9.9.9',
      }),
    );
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('records sign-ins and sign-outs in the append-only audit log', async () => {
    const { app, database } = t();
    const cookie = await signInCookie(app, testAdmin);
    await app.inject({ method: 'POST', url: '/api/account/logout', headers: { cookie } });
    const actions = await database.db.select({ action: auditLog.action }).from(auditLog);
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['admin.sign_in', 'admin.sign_out']));
    await expect(database.db.execute(sql`delete from audit_log`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/append-only/) },
    });
    await expect(database.db.execute(sql`update audit_log set action = 'x'`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/append-only/) },
    });
  });
});

// Every attempt of a burst is admitted at once (no load shedding), so only the throttle's atomicity stands between them and the account.
describeEachEngine(
  'sign-in throttling under a concurrent burst',
  (t) => {
    beforeAll(async () => {
      await insertTestAdmin(t().database);
    });

    it('checks 3 of 100 concurrent wrong passwords for one e-mail from one address; the right one from another address signs in inside the burst', async () => {
      const { app, database } = t();
      const email = 'burst-target@example.com';
      await insertTestAdmin(database, { email });
      const { result: responses, verifications } = await countVerifications(() => {
        const burst = Array.from({ length: 100 }, (_, i) =>
          app.inject(login({ email, password: `wrong password number ${i}` }, { remoteAddress: '198.51.100.1' })),
        );
        // The right password, sent from its own address in the middle of the burst.
        burst.splice(50, 0, app.inject(login({ email, password: testAdmin.password }, { remoteAddress: '203.0.113.200' })));
        return Promise.all(burst);
      });
      const right = responses.splice(50, 1)[0];
      const [attempts] = await database.db.select({ n: count() }).from(signInAttempts).where(eq(signInAttempts.email, email));
      console.log(`[${t().engine}] burst on one e-mail: ${verifications} of 101 checked, answers ${JSON.stringify(statuses(responses))}`);
      expect(right?.statusCode).toBe(200);
      expect(verifications).toBe(4);
      expect(attempts?.n).toBe(4);
      expect(statuses(responses)).toEqual({ 401: 3, 429: 97 });
      const [sessions] = await database.db.select({ n: count() }).from(adminSessions);
      expect(sessions?.n).toBe(1);
    });

    it('checks at most 20 of 100 concurrent attempts from one address, and refuses a right password inside the burst', async () => {
      const { app, database } = t();
      const remoteAddress = '192.0.2.150';
      const { result: responses, verifications } = await countVerifications(() => {
        const burst = Array.from({ length: 100 }, (_, i) =>
          app.inject(login({ email: `someone${i}@example.com`, password: 'wrong password here' }, { remoteAddress })),
        );
        burst.splice(50, 0, app.inject(login(testAdmin, { remoteAddress })));
        return Promise.all(burst);
      });
      const [attempts] = await database.db
        .select({ n: count() })
        .from(signInAttempts)
        .where(sql`ip_address = ${remoteAddress}::inet`);
      console.log(
        `[${t().engine}] burst from one address: ${verifications} of 101 checked, answers ${JSON.stringify(statuses(responses))}`,
      );
      expect(verifications).toBe(20);
      expect(attempts?.n).toBe(verifications);
      expect(responses[50]?.statusCode).toBe(429);
      expect(statuses(responses)).toEqual({ 401: verifications, 429: 101 - verifications });
    });
  },
  { env: { SIGN_IN_CONCURRENCY: '256', SIGN_IN_QUEUE: '0' } },
);

import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSessions, admins, auditLog, signInAttempts } from '../../db/schema';
import { createTestApp, insertTestAdmin, signInCookie, testAdmin, type TestApp } from '../../test/test-app';
import { engines, postgresReachable } from '../../test/test-databases';

const postgresUp = await postgresReachable();

describe.each(engines)('sign-in and sessions on %s', (engine) => {
  const skip = engine === 'postgres' && !postgresUp;
  let t: TestApp;

  beforeAll(async () => {
    if (skip) return;
    t = await createTestApp(engine);
    await insertTestAdmin(t.database);
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  it.skipIf(skip)('signs in, answers who is signed in, and signs out', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'Operator@Example.com', password: testAdmin.password } });
    expect(login.statusCode).toBe(200);
    expect(login.json().admin).toMatchObject({ email: testAdmin.email, fullName: testAdmin.fullName, role: 'Administrator', status: 'Activated' });
    const cookie = login.cookies.find((c) => c.name === 'bo_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only a hash of the token is stored.
    const stored = await t.database.db.select({ tokenHash: adminSessions.tokenHash }).from(adminSessions);
    expect(stored.map((s) => s.tokenHash)).not.toContain(cookie?.value);

    const headers = { cookie: `bo_session=${cookie?.value}` };
    const session = await t.app.inject({ method: 'GET', url: '/api/account/session', headers });
    expect(session.statusCode).toBe(200);
    expect(session.json().admin.email).toBe(testAdmin.email);

    const logout = await t.app.inject({ method: 'POST', url: '/api/account/logout', headers });
    expect(logout.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/account/session', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ statusCode: 401, message: 'Sign in required' });
  });

  it.skipIf(skip)('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: testAdmin.email, password: 'not the password at all' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'nobody@example.com', password: 'whatever it is 123' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid email or password');
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.cookies).toHaveLength(0);
  });

  it.skipIf(skip)('answers 401 on admin routes without a valid session, known or not', async () => {
    for (const url of ['/api/account/session', '/api/admin/list/users', '/api/admin/no-such-thing']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      const forged = await t.app.inject({ method: 'GET', url, headers: { cookie: 'bo_session=forged-token-value' } });
      expect(forged.statusCode, url).toBe(401);
    }
  });

  it.skipIf(skip)('ends a session after 30 idle minutes and after 12 hours in all', async () => {
    const idleCookie = await signInCookie(t.app);
    await t.database.db.update(adminSessions).set({ lastSeenAt: sql`now() - interval '31 minutes'` }).where(sql`ended_at is null`);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie: idleCookie } })).statusCode).toBe(401);

    const oldCookie = await signInCookie(t.app);
    await t.database.db.update(adminSessions).set({ expiresAt: sql`now() - interval '1 second'` }).where(sql`ended_at is null`);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie: oldCookie } })).statusCode).toBe(401);
  });

  it.skipIf(skip)('refuses a deactivated admin at once, even with a live session', async () => {
    const cookie = await signInCookie(t.app);
    await t.database.db.update(admins).set({ status: 'Not Activated' }).where(eq(admins.email, testAdmin.email));
    expect((await t.app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie } })).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: testAdmin });
    expect(login.statusCode).toBe(401);
    await t.database.db.update(admins).set({ status: 'Activated' }).where(eq(admins.email, testAdmin.email));
  });

  it.skipIf(skip)('throttles an account after 5 failures with 429 and Retry-After, even for the right password', async () => {
    await insertTestAdmin(t.database, { email: 'throttled@example.com' });
    for (let i = 0; i < 5; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'throttled@example.com', password: `wrong password ${i}` } });
      expect(r.statusCode).toBe(401);
    }
    const locked = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'throttled@example.com', password: testAdmin.password } });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(locked.json().message).toMatch(/Too many failed sign-in attempts/);
    // Other accounts from another address are unaffected.
    const other = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: testAdmin, remoteAddress: '10.1.2.3' });
    expect(other.statusCode).toBe(200);
  });

  it.skipIf(skip)('throttles an address after 20 failures across accounts', async () => {
    const remoteAddress = '192.0.2.77';
    for (let i = 0; i < 20; i++) {
      await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: `guess${i}@example.com`, password: 'wrong password here' }, remoteAddress });
    }
    const blocked = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: testAdmin, remoteAddress });
    expect(blocked.statusCode).toBe(429);
    const [row] = await t.database.db.select({ n: count() }).from(signInAttempts).where(sql`ip_address = ${remoteAddress}::inet`);
    expect(row?.n).toBe(20);
  });

  it.skipIf(skip)('refuses a state change from another origin and changes nothing', async () => {
    const before = await t.database.db.select({ n: count() }).from(signInAttempts);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: testAdmin,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Cross-origin request refused');
    const after = await t.database.db.select({ n: count() }).from(signInAttempts);
    expect(after).toEqual(before);
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: testAdmin,
      headers: { origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' },
      remoteAddress: '10.9.9.9',
    });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it.skipIf(skip)('records sign-ins and sign-outs in the append-only audit log', async () => {
    const cookie = await signInCookie(t.app, testAdmin);
    await t.app.inject({ method: 'POST', url: '/api/account/logout', headers: { cookie } });
    const actions = await t.database.db.select({ action: auditLog.action }).from(auditLog);
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['admin.sign_in', 'admin.sign_out']));
    await expect(t.database.db.execute(sql`delete from audit_log`)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/append-only/) } });
    await expect(t.database.db.execute(sql`update audit_log set action = 'x'`)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/append-only/) } });
  });
});

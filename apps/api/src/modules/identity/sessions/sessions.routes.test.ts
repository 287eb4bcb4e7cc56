import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { selectRows } from '../../../db/client';
import { describeEachEngine, insertTestAdmin, testAdmin } from '../../../test/test-app';
import { sessionCookieName } from './session-cookie';

describeEachEngine("an admin's own sessions", (t) => {
  const signInFrom = async (remoteAddress: string, userAgent: string) => {
    const response = await t().app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: testAdmin,
      remoteAddress,
      headers: { 'user-agent': userAgent },
    });
    expect(response.statusCode, response.body).toBe(200);
    return `${sessionCookieName}=${response.cookies.find((c) => c.name === sessionCookieName)!.value}`;
  };
  const sessionOf = (cookie: string) => t().app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie } });

  it('lists each live session with device, address and last use, the current one marked; "end the others" keeps only this one', async () => {
    await insertTestAdmin(t().database);
    const laptop = await signInFrom('198.51.100.10', 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0');
    const phone = await signInFrom('2001:db8::7', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Safari/604.1');
    const office = await signInFrom('203.0.113.4', 'Mozilla/5.0 (Windows NT 10.0) Chrome/131.0');
    // Someone else's session is not listed.
    await insertTestAdmin(t().database, { email: 'colleague@example.com' });
    await t().app.inject({ method: 'POST', url: '/api/admin/login', payload: { ...testAdmin, email: 'colleague@example.com' } });

    const list = await t().app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie: office } });
    expect(list.statusCode, list.body).toBe(200);
    const sessions = list.json().data as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(3);
    expect(sessions.find((s) => s.current)).toMatchObject({ ipAddress: '203.0.113.4', device: expect.stringMatching(/Chrome/) });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.map((s) => s.ipAddress).sort()).toEqual(['198.51.100.10', '2001:db8::7', '203.0.113.4']);
    for (const s of sessions) expect(s).toMatchObject({ createdAt: expect.stringMatching(/Z$/), lastSeenAt: expect.stringMatching(/Z$/) });

    const ended = await t().app.inject({ method: 'POST', url: '/api/account/sessions/end-others', headers: { cookie: office } });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ endedSessions: 2 });
    expect((await sessionOf(laptop)).statusCode).toBe(401);
    expect((await sessionOf(phone)).statusCode).toBe(401);
    expect((await sessionOf(office)).statusCode).toBe(200);
    const after = await t().app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie: office } });
    expect(after.json().data).toHaveLength(1);
    const [entry] = await selectRows<{ details: unknown }>(
      t().database.db,
      sql`select details from audit_log where action = 'admin.sessions_ended'`,
    );
    expect(entry?.details).toEqual({ endedSessions: 2 });
    expect((await t().app.inject({ method: 'GET', url: '/api/account/sessions' })).statusCode).toBe(401);
  });
});

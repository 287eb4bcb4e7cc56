import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { expect, it } from 'vitest';
import { selectRows } from '../../../db/client';
import { describeEachEngine, insertTestAdmin, signInCookie, testAdmin } from '../../../test/test-app';

const owner = { email: 'profile.owner@example.com', password: testAdmin.password, fullName: 'Putri Ayu' };
const newPassword = 'Gamelan Bali 1920 malam';

describeEachEngine('profile', (t) => {
  const as = (cookie: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t().app.inject({ method, url, payload, headers: { cookie } });

  it('shows the signed-in admin (name, e-mail, phone) and updates the phone in E.164, audited', async () => {
    await insertTestAdmin(t().database, owner);
    const cookie = await signInCookie(t().app, owner);
    const profile = await as(cookie, 'GET', '/api/account/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({ fullName: 'Putri Ayu', email: owner.email, phoneNumber: null, twoFactorEnabled: false });

    const updated = await as(cookie, 'POST', '/api/account/profile', { phoneNumber: '(021) 5793 6868' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.phoneNumber).toBe('+622157936868');
    const [entry] = await selectRows<{ details: unknown; ip: string }>(
      t().database.db,
      sql`select details, host(ip_address) as ip from audit_log where action = 'admin.profile_update'`,
    );
    expect(entry).toMatchObject({ details: { before: { phoneNumber: null }, after: { phoneNumber: '+622157936868' } }, ip: '127.0.0.1' });

    const bad = await as(cookie, 'POST', '/api/account/profile', { phoneNumber: '0812' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/body\.phoneNumber/);
    expect((await as(cookie, 'POST', '/api/account/profile', { phoneNumber: 'x', fullName: 'Hacker' })).statusCode).toBe(400);
    expect((await as(cookie, 'GET', '/api/account/profile')).json().data.phoneNumber).toBe('+622157936868');
    expect((await t().app.inject({ method: 'GET', url: '/api/account/profile' })).statusCode).toBe(401);
  });

  it('changes the password only with the right current one; a wrong one is a 400 (never a 401) and changes nothing', async () => {
    const cookie = await signInCookie(t().app, owner);
    const other = await signInCookie(t().app, owner);
    const wrong = await as(cookie, 'POST', '/api/account/password', {
      currentPassword: 'not my password',
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('body.currentPassword: the current password is wrong');
    const mismatch = await as(cookie, 'POST', '/api/account/password', {
      currentPassword: owner.password,
      password: newPassword,
      confirmPassword: `${newPassword}!`,
    });
    expect(mismatch.json().message).toMatch(/confirmPassword: Password is Not Match/);
    const weak = await as(cookie, 'POST', '/api/account/password', {
      currentPassword: owner.password,
      password: 'password1234',
      confirmPassword: 'password1234',
    });
    expect(weak.json().message).toMatch(/body\.password: password is too common/);
    const named = await as(cookie, 'POST', '/api/account/password', {
      currentPassword: owner.password,
      password: 'Putri Ayu bersinar 88',
      confirmPassword: 'Putri Ayu bersinar 88',
    });
    expect(named.json().message).toMatch(/must not contain your name/);
    await signInCookie(t().app, owner); // the old password still works

    const changed = await as(cookie, 'POST', '/api/account/password', {
      currentPassword: owner.password,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // The other sessions: the first test's, `other`, and the sign-in with the old password above.
    expect(changed.json()).toEqual({ changed: true, endedSessions: 3 });
    // This session goes on, the others ended; only the new password signs in.
    expect((await as(cookie, 'GET', '/api/account/session')).statusCode).toBe(200);
    expect((await as(other, 'GET', '/api/account/session')).statusCode).toBe(401);
    const old = await t().app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: owner.email, password: owner.password },
    });
    expect(old.statusCode).toBe(401);
    await signInCookie(t().app, { email: owner.email, password: newPassword });
    const audits = await selectRows<{ n: number }>(
      t().database.db,
      sql`select count(*)::int as n from audit_log where action = 'admin.password_change'`,
    );
    expect(audits[0]!.n).toBe(1);
  });

  it('throttles wrong current passwords like sign-ins: after 3 failures from this address even the right one waits (429, Retry-After)', async () => {
    const victim = { email: 'throttle.me@example.com', password: testAdmin.password, fullName: 'Wayan Sudarma' };
    await insertTestAdmin(t().database, victim);
    const cookie = await signInCookie(t().app, victim);
    const attempt = (currentPassword: string) =>
      as(cookie, 'POST', '/api/account/password', { currentPassword, password: newPassword, confirmPassword: newPassword });
    for (let i = 0; i < 3; i++) expect((await attempt(`wrong guess ${i}`)).statusCode).toBe(400);
    const throttled = await attempt(victim.password);
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // Still the old password: nothing changed.
    expect((await as(cookie, 'GET', '/api/account/session')).statusCode).toBe(200);
    const [row] = await selectRows<{ changed: boolean }>(
      t().database.db,
      sql`select password_changed_at > created_at + interval '1 second' as changed from admins where email = ${victim.email}`,
    );
    expect(row!.changed).toBe(false);
  });

  it('with a second factor enrolled, asks for a code too (re-authentication): missing or wrong is a 400 naming body.code', async () => {
    const enrolled = { email: 'profile.2fa@example.com', password: testAdmin.password, fullName: 'Ketut Suwija' };
    await insertTestAdmin(t().database, enrolled);
    const cookie = await signInCookie(t().app, enrolled);
    const setup = await as(cookie, 'POST', '/api/account/two-factor/setup', { reauth: { password: enrolled.password } });
    expect(setup.statusCode, setup.body).toBe(200);
    const secret = setup.json().secret as string;
    const codeFor = (offsetSteps: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
    expect((await as(cookie, 'POST', '/api/account/two-factor/enable', { code: await codeFor(-1) })).statusCode).toBe(200);
    const change = { currentPassword: enrolled.password, password: newPassword, confirmPassword: newPassword };

    const missing = await as(cookie, 'POST', '/api/account/password', change);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^body\.code: enter a code from your authenticator app/);
    const wrong = await as(cookie, 'POST', '/api/account/password', { ...change, code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/^body\.code: the code is not valid/);
    const [before] = await selectRows<{ changed: boolean }>(
      t().database.db,
      sql`select password_changed_at > created_at + interval '1 second' as changed from admins where email = ${enrolled.email}`,
    );
    expect(before!.changed).toBe(false);
    const right = await as(cookie, 'POST', '/api/account/password', { ...change, code: await codeFor(1) });
    expect(right.statusCode, right.body).toBe(200);
    // The new password is the one now: signing in with it asks for the second step.
    const login = await t().app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: enrolled.email, password: newPassword },
    });
    expect(login.json()).toMatchObject({ twoFactor: 'required' });
  });
});

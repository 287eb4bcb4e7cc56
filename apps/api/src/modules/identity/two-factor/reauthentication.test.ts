import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { expect, it } from 'vitest';
import { selectRows } from '../../../db/client';
import { describeEachEngine, insertTestAdmin, signInCookie, testAdmin, testAdminOfRole } from '../../../test/test-app';

const codeFor = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

const newAdmin = (n: number) => ({
  fullname: 'Putu Wirawan',
  email: `putu.${n}@example.com`,
  password: 'Sawah terasering Jatiluwih 7',
  confirmPassword: 'Sawah terasering Jatiluwih 7',
});

describeEachEngine('re-authentication for sensitive changes', (t) => {
  const as = (cookie: string, url: string, payload: object) => t().app.inject({ method: 'POST', url, payload, headers: { cookie } });
  const adminsNamed = async (email: string) =>
    (await selectRows<{ n: number }>(t().database.db, sql`select count(*)::int as n from admins where email = ${email}`))[0]!.n;

  it('refuses adding an admin with a session alone or a wrong password (400 naming reauth, nothing written), takes the right one', async () => {
    const cookie = await t().cookieAs('Administrator');
    const missing = await as(cookie, '/api/admin/add', newAdmin(1));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^body\.reauth: confirm this change with your password/);
    const wrong = await as(cookie, '/api/admin/add', { ...newAdmin(1), reauth: { password: 'not my password at all' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/^body\.reauth\.password: the password is wrong/);
    expect(await adminsNamed('putu.1@example.com')).toBe(0);
    const right = await as(cookie, '/api/admin/add', { ...newAdmin(1), reauth: { password: testAdmin.password } });
    expect(right.statusCode, right.body).toBe(201);
    // The session still works: a refused re-authentication is never a 401.
    expect((await t().app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie } })).statusCode).toBe(200);
  });

  it('refuses setting your own password through /admin/edit, while another admin’s status and password change there', async () => {
    const cookie = await t().cookieAs('Administrator');
    const me = (await t().app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie } })).json().admin;
    const password = 'Danau Batur kaldera 1717';
    const own = await as(cookie, `/api/admin/edit/${me.id}`, { status: 'Activated', password, confirmPassword: password });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toMatch(/^body\.password: change your own password in Profile/);
    // Still the old password.
    expect(
      (
        await t().app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { email: testAdminOfRole('Administrator').email, password: testAdmin.password },
          remoteAddress: '10.3.0.1',
        })
      ).statusCode,
    ).toBe(200);
    expect((await as(cookie, `/api/admin/edit/${me.id}`, { status: 'Activated', password: '', confirmPassword: '' })).statusCode).toBe(200);
    const other = await insertTestAdmin(t().database, { email: 'other.admin@example.com' });
    // Another admin's new password, like a new role, needs the editing admin's re-authentication.
    const otherPassword = { status: 'Activated', password, confirmPassword: password };
    const unconfirmed = await as(cookie, `/api/admin/edit/${other.id}`, otherPassword);
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().message).toMatch(/^body\.reauth: confirm this change with your password/);
    const confirmed = await as(cookie, `/api/admin/edit/${other.id}`, { ...otherPassword, reauth: { password: testAdmin.password } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const promoted = await as(cookie, `/api/admin/edit/${other.id}`, { status: 'Activated', role: 'Administrator' });
    expect(promoted.json().message).toMatch(/^body\.reauth:/);
  });

  it('with a second factor enrolled, asks for a code too: each code once; the set-up itself needed the password', async () => {
    const user = { email: 'enrolled@example.com', password: testAdmin.password, fullName: 'Made Suarsana', role: 'Administrator' as const };
    await insertTestAdmin(t().database, user);
    const cookie = await signInCookie(t().app, user);
    const noReauth = await as(cookie, '/api/account/two-factor/setup', {});
    expect(noReauth.statusCode).toBe(400);
    expect(noReauth.json().message).toMatch(/^body\.reauth:/);
    const setup = await as(cookie, '/api/account/two-factor/setup', { reauth: { password: user.password } });
    expect(setup.statusCode, setup.body).toBe(200);
    const secret = setup.json().secret as string;
    const enrolCode = await codeFor(secret, -1);
    expect((await as(cookie, '/api/account/two-factor/enable', { code: enrolCode })).statusCode).toBe(200);

    const passwordOnly = await as(cookie, '/api/admin/add', { ...newAdmin(2), reauth: { password: user.password } });
    expect(passwordOnly.statusCode).toBe(400);
    expect(passwordOnly.json().message).toMatch(/^body\.reauth\.code:/);
    const usedCode = await as(cookie, '/api/admin/add', { ...newAdmin(2), reauth: { password: user.password, code: enrolCode } });
    expect(usedCode.statusCode).toBe(400);
    expect(usedCode.json().message).toMatch(/^body\.reauth\.code: the code is not valid/);
    expect(await adminsNamed('putu.2@example.com')).toBe(0);
    const withCode = await as(cookie, '/api/admin/add', {
      ...newAdmin(2),
      reauth: { password: user.password, code: await codeFor(secret, 1) },
    });
    expect(withCode.statusCode, withCode.body).toBe(201);
  });

  it('counts wrong re-authentication passwords in the sign-in throttle: the third from an address makes the next wait (429)', async () => {
    const user = {
      email: 'guessed.reauth@example.com',
      password: testAdmin.password,
      fullName: 'Komang Ayu',
      role: 'Administrator' as const,
    };
    const admin = await insertTestAdmin(t().database, user);
    const cookie = await signInCookie(t().app, user);
    const target = `/api/admin/two-factor/reset/${admin.id - 1}`;
    for (let i = 0; i < 3; i++) expect((await as(cookie, target, { reauth: { password: `wrong guess ${i}` } })).statusCode).toBe(400);
    const held = await as(cookie, target, { reauth: { password: user.password } });
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
  });
});

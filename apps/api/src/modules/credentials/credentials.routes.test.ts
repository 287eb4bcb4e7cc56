import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { describeEachEngine, insertTestAdmin, signInCookie, testAdmin } from '../../test/test-app';

const codeFor = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

describeEachEngine('creating an integration credential needs re-authentication', (t) => {
  const create = (cookie: string, payload: object) =>
    t().app.inject({ method: 'POST', url: '/api/admin/credentials', payload, headers: { cookie } });
  const credentialsNamed = async (name: string) =>
    (await selectRows<{ n: number }>(t().database.db, sql`select count(*)::int as n from integration_credentials where name = ${name}`))[0]!
      .n;

  it('refuses a session alone or a wrong password (400 naming reauth, nothing written), takes the right one', async () => {
    const cookie = await t().cookieAs('Administrator');
    const body = { name: 'Reauth platform', scopes: ['prices'] };
    const missing = await create(cookie, body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^body\.reauth: confirm this change with your password/);
    const wrong = await create(cookie, { ...body, reauth: { password: 'not my password at all' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/^body\.reauth\.password: the password is wrong/);
    expect(await credentialsNamed(body.name)).toBe(0);

    const right = await create(cookie, { ...body, reauth: { password: testAdmin.password } });
    expect(right.statusCode, right.body).toBe(201);
    expect(right.json().credential).toMatchObject({ name: body.name, scopes: ['prices'], status: 'active' });
    expect(await credentialsNamed(body.name)).toBe(1);
    // The password is never kept with the credential or its audit entry.
    const audited = await selectRows<{ details: string }>(
      t().database.db,
      sql`select details::text as details from audit_log where action = 'credential.create' order by id desc limit 1`,
    );
    expect(audited[0]!.details).not.toContain(testAdmin.password);
    // A refused re-authentication is never a 401: the session still works.
    expect((await t().app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie } })).statusCode).toBe(200);
  });

  it('checks the body before the password: a past expiry is a 400 without spending an attempt', async () => {
    const cookie = await t().cookieAs('Administrator');
    const past = await create(cookie, { name: 'late', scopes: ['prices'], expiresAt: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(/expiresAt must be in the future/);
  });

  it('with a second factor enrolled, asks for a code too', async () => {
    const user = {
      email: 'credential.maker@example.com',
      password: testAdmin.password,
      fullName: 'Ketut Arsana',
      role: 'Administrator' as const,
    };
    await insertTestAdmin(t().database, user);
    const cookie = await signInCookie(t().app, user);
    const as = (url: string, payload: object) => t().app.inject({ method: 'POST', url, payload, headers: { cookie } });
    const setup = await as('/api/account/two-factor/setup', { reauth: { password: user.password } });
    expect(setup.statusCode, setup.body).toBe(200);
    const secret = setup.json().secret as string;
    expect((await as('/api/account/two-factor/enable', { code: await codeFor(secret, -1) })).statusCode).toBe(200);

    const body = { name: 'Second factor platform', scopes: ['kyc'] };
    const passwordOnly = await create(cookie, { ...body, reauth: { password: user.password } });
    expect(passwordOnly.statusCode).toBe(400);
    expect(passwordOnly.json().message).toMatch(/^body\.reauth\.code:/);
    expect(await credentialsNamed(body.name)).toBe(0);
    const withCode = await create(cookie, { ...body, reauth: { password: user.password, code: await codeFor(secret, 1) } });
    expect(withCode.statusCode, withCode.body).toBe(201);
  });
});

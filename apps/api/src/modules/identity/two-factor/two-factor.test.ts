import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { expect, it } from 'vitest';
import { selectRows } from '../../../db/client';
import { sessionCookieName } from '../sessions/session-cookie';
import { describeEachEngine, insertTestAdmin, signInCookie, testAdmin } from '../../../test/test-app';

/** A code of the app for the step `offsetSteps` from now (the server accepts one step either side). */
const codeFor = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

describeEachEngine('two-factor sign-in', (t) => {
  // An Administrator: the one who may reset a second factor, so resetting their own is refused for being their own.
  const user = { email: 'two.factor@example.com', password: testAdmin.password, fullName: 'Gusti Ngurah', role: 'Administrator' as const };
  let secret = '';
  let recoveryCodes: string[] = [];
  let targetCookie = '';

  const login = (credentials = user) => t().app.inject({ method: 'POST', url: '/api/admin/login', payload: credentials });
  const secondStep = (token: string, code: string) =>
    t().app.inject({ method: 'POST', url: '/api/admin/login/two-factor', payload: { token, code } });
  const sessionOk = async (cookie: string) =>
    (await t().app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie } })).statusCode === 200;
  const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) => {
    const cookie = response.cookies.find((c) => c.name === sessionCookieName);
    return cookie ? `${sessionCookieName}=${cookie.value}` : null;
  };

  it('enrols from Profile: secret, otpauth URI and QR code; completes only with a valid code; answers ten recovery codes', async () => {
    await insertTestAdmin(t().database, user);
    const cookie = await signInCookie(t().app, user);
    const setup = await t().app.inject({
      method: 'POST',
      url: '/api/account/two-factor/setup',
      headers: { cookie },
      payload: { reauth: { password: user.password } },
    });
    expect(setup.statusCode, setup.body).toBe(200);
    secret = setup.json().secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.json().otpauthUri).toMatch(/^otpauth:\/\/totp\/.*two\.factor%40example\.com.*secret=/);
    expect(setup.json().qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);

    const enable = (code: string) =>
      t().app.inject({ method: 'POST', url: '/api/account/two-factor/enable', headers: { cookie }, payload: { code } });
    const wrongCode = (await codeFor(secret)) === '000000' ? '111111' : '000000';
    const wrong = await enable(wrongCode);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/body\.code: the code is not valid/);
    expect((await enable('12ab56')).statusCode).toBe(400);
    const profile = await t().app.inject({ method: 'GET', url: '/api/account/profile', headers: { cookie } });
    expect(profile.json().data.twoFactorEnabled).toBe(false);

    const ok = await enable(await codeFor(secret));
    expect(ok.statusCode, ok.body).toBe(200);
    recoveryCodes = ok.json().recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // 24 characters of 32 letters: 120 bits each; stored only as a keyed HMAC.
    for (const code of recoveryCodes) expect(code).toMatch(/^([a-km-np-z2-9]{4}-){5}[a-km-np-z2-9]{4}$/);
    const stored = await selectRows<{ code_hash: string }>(t().database.db, sql`select code_hash from admin_recovery_codes`);
    expect(stored).toHaveLength(10);
    for (const { code_hash } of stored) expect(code_hash).toMatch(/^h1:[0-9a-f]{64}$/);
    expect(stored.map((r) => r.code_hash.slice(3))).not.toContain(
      createHash('sha256').update(recoveryCodes[0]!.replace(/-/g, '')).digest('hex'),
    );
    // The TOTP secret is not readable in the database: sealed under a key kept outside it.
    const [row] = await selectRows<{ secret: string; pending: string | null }>(
      t().database.db,
      sql`select two_factor_secret as secret, two_factor_pending_secret as pending from admins where email = ${user.email}`,
    );
    expect(row!.secret).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(row!.secret).not.toContain(secret);
    expect(Buffer.from(row!.secret.slice(3), 'base64url').toString('latin1')).not.toContain(secret);
    expect(row!.pending).toBeNull();
    expect((await t().app.inject({ method: 'GET', url: '/api/account/profile', headers: { cookie } })).json().data.twoFactorEnabled).toBe(
      true,
    );
    expect(
      (
        await t().app.inject({
          method: 'POST',
          url: '/api/account/two-factor/setup',
          headers: { cookie },
          payload: { reauth: { password: user.password } },
        })
      ).statusCode,
    ).toBe(409);
  });

  it('once enrolled, the password alone gives no session: a token, then the code starts it; a code is accepted once', async () => {
    const first = await login();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ twoFactor: 'required', token: expect.any(String), expiresAt: expect.any(String) });
    expect(cookieOf(first)).toBeNull();
    // The code that confirmed enrolment (this time step) was used already.
    expect((await secondStep(first.json().token, await codeFor(secret))).statusCode).toBe(401);

    const next = await codeFor(secret, 1);
    const ok = await secondStep(first.json().token, next);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().admin.email).toBe(user.email);
    targetCookie = cookieOf(ok)!;
    expect(await sessionOk(targetCookie)).toBe(true);
    // The token is used up, and the same code does not open a second session.
    expect((await secondStep(first.json().token, next)).statusCode).toBe(401);
    const again = await login();
    const replay = await secondStep(again.json().token, next);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('Invalid code');
    const [hashes] = await selectRows<{ n: number }>(
      t().database.db,
      sql`select count(*)::int as n from sign_in_challenges where token_hash = ${first.json().token}`,
    );
    expect(hashes!.n).toBe(0);
  });

  it('accepts each recovery code once (dash and case do not matter), audited', async () => {
    const challenge = (await login()).json().token;
    const ok = await secondStep(challenge, recoveryCodes[0]!.toUpperCase().replace('-', ''));
    expect(ok.statusCode, ok.body).toBe(200);
    const reuse = await secondStep((await login()).json().token, recoveryCodes[0]!);
    expect(reuse.statusCode).toBe(401);
    const [entry] = await selectRows<{ n: number }>(
      t().database.db,
      sql`select count(*)::int as n from audit_log where action = 'admin.recovery_code_used'`,
    );
    expect(entry!.n).toBe(1);
  });

  it('refuses unknown tokens and bad input without writing, and throttles wrong codes like passwords (429 with Retry-After)', async () => {
    const unknown = await secondStep('x'.repeat(43), '123456');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toMatch(/sign in again/);
    for (const payload of [{ token: 'short', code: '123456' }, { token: 'x'.repeat(43), code: '12345' }, { token: 'x'.repeat(43) }]) {
      const response = await t().app.inject({ method: 'POST', url: '/api/admin/login/two-factor', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/body\.(token|code)/);
    }
    const token = (await login()).json().token;
    const valid = new Set([await codeFor(secret, -1), await codeFor(secret), await codeFor(secret, 1)]);
    const wrong = ['000000', '111111', '222222', '333333', '444444', '555555', '666666'].filter((c) => !valid.has(c));
    // Failures since the last success count (one reused recovery code above): from the third on the door is closed.
    const answers: number[] = [];
    for (const code of wrong.slice(0, 5)) answers.push((await secondStep(token, code)).statusCode);
    expect(answers.filter((s) => s === 401).length).toBeGreaterThanOrEqual(1);
    expect(answers.slice(answers.indexOf(429) === -1 ? answers.length : answers.indexOf(429)).every((s) => s === 429)).toBe(true);
    const throttled = await secondStep(token, await codeFor(secret, 1));
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('another admin resets it (audited): the admin signs in with the password alone again; nobody resets their own', async () => {
    const [target] = await selectRows<{ id: number }>(t().database.db, sql`select id from admins where email = ${user.email}`);
    const self = await t().app.inject({
      method: 'POST',
      url: `/api/admin/two-factor/reset/${target!.id}`,
      headers: { cookie: targetCookie },
      payload: {},
    });
    expect(self.statusCode).toBe(409);
    const reset = await t().injectAs('Administrator', {
      method: 'POST',
      url: `/api/admin/two-factor/reset/${target!.id}`,
      payload: { reauth: { password: testAdmin.password } },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data[0].twoFactorEnabled).toBe(false);
    expect(
      (await t().injectAs('Administrator', { method: 'POST', url: '/api/admin/two-factor/reset/999999', payload: {} })).statusCode,
    ).toBe(404);
    const plain = await login();
    expect(plain.json().admin.email).toBe(user.email);
    expect(cookieOf(plain)).not.toBeNull();
    const [entry] = await selectRows<{ details: unknown }>(
      t().database.db,
      sql`select details from audit_log where action = 'admin.two_factor_reset'`,
    );
    expect(entry!.details).toEqual({ before: { twoFactorEnabled: true }, after: { twoFactorEnabled: false } });
    expect(await selectRows(t().database.db, sql`select 1 from admin_recovery_codes where admin_id = ${target!.id}`)).toHaveLength(0);
  });
});

describeEachEngine(
  'two-factor required for everyone (REQUIRE_TWO_FACTOR)',
  (t) => {
    it('forces enrolment at the next sign-in: setup and enable with the token, then the session and recovery codes', async () => {
      await insertTestAdmin(t().database);
      const first = await t().app.inject({ method: 'POST', url: '/api/admin/login', payload: testAdmin });
      expect(first.json()).toMatchObject({ twoFactor: 'enrol' });
      expect(first.cookies).toHaveLength(0);
      const token = first.json().token as string;
      expect(
        (await t().app.inject({ method: 'POST', url: '/api/admin/login/two-factor', payload: { token, code: '123456' } })).statusCode,
      ).toBe(401);
      const setup = await t().app.inject({ method: 'POST', url: '/api/admin/login/two-factor/setup', payload: { token } });
      expect(setup.statusCode, setup.body).toBe(200);
      const enable = await t().app.inject({
        method: 'POST',
        url: '/api/admin/login/two-factor/enable',
        payload: { token, code: await codeFor(setup.json().secret) },
      });
      expect(enable.statusCode, enable.body).toBe(200);
      expect(enable.json().recoveryCodes).toHaveLength(10);
      const cookie = enable.cookies.find((c) => c.name === sessionCookieName);
      expect(cookie).toBeDefined();
      const next = await t().app.inject({ method: 'POST', url: '/api/admin/login', payload: testAdmin });
      expect(next.json()).toMatchObject({ twoFactor: 'required' });
    });
  },
  { env: { REQUIRE_TWO_FACTOR: 'true' } },
);

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/config';
import { startMailCatcher, type MailCatcher } from '../../modules/mail/mail-catcher';
import { insertCustomer, insertDenomination, insertRedemption } from '../redemption-fixtures';
import { insertTestAdmin, signInCookie, testAdminOfRole } from '../test-app';
import { createTestDatabase, type TestDatabase } from '../test-databases';

/**
 * The demo: the app given the mail catcher (what server.ts does without SMTP_URL) shows caught
 * mail to signed-in admins as JSON and as a plain page. Modules may not import the app, so this
 * test lives here.
 */
describe('demo mail page', () => {
  let catcher: MailCatcher;
  let database: TestDatabase;
  let app: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    database = await createTestDatabase('pglite');
    const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false', SMTP_URL: catcher.smtpUrl });
    app = await buildApp({ db: database.db, config, webDistDir: null, mailCatcher: catcher });
    await insertTestAdmin(database);
    cookie = await signInCookie(app);
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await catcher.close();
  });

  it('lists the code mail a send produced, to signed-in admins only', async () => {
    const customer = await insertCustomer(database.db, 'Putri <b>Ayu</b>');
    const denominationId = await insertDenomination(database.db, 5, 5);
    const id = await insertRedemption(database.db, {
      customerId: customer.id,
      status: 'REQUESTED',
      pieces: [{ denominationId, denom: 5, amount: 1 }],
    });
    expect((await app.inject({ method: 'POST', url: '/api/admin/redeem/sendotp', payload: { id }, headers: { cookie } })).statusCode).toBe(
      200,
    );

    const json = await app.inject({ method: 'GET', url: '/api/admin/dev/mail', headers: { cookie } });
    expect(json.statusCode).toBe(200);
    expect(json.headers['cache-control']).toContain('no-store');
    const [mail] = json.json().data;
    expect(mail).toMatchObject({ to: [customer.email], subject: `Kode pengambilan emas / Gold collection code (#${id})` });
    const code = /: (\d{6})\n/.exec(mail.text)![1]!;

    const page = await app.inject({ method: 'GET', url: '/dev/mail', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain(code);
    expect(page.body).toContain('Halo Putri &lt;b&gt;Ayu&lt;/b&gt;,');
    expect(page.body).not.toContain('<script');

    expect((await app.inject({ method: 'GET', url: '/api/admin/dev/mail' })).statusCode).toBe(401);
    const signedOut = await app.inject({ method: 'GET', url: '/dev/mail' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.body).toContain('Sign in to the <a href="/">back office</a> first');
    expect(signedOut.body).not.toContain(code);

    // The customers' codes are the counter's: an Auditor reads neither the JSON nor the page.
    const auditor = testAdminOfRole('Auditor');
    await insertTestAdmin(database, auditor);
    const auditorCookie = await signInCookie(app, auditor);
    const refused = await app.inject({ method: 'GET', url: '/api/admin/dev/mail', headers: { cookie: auditorCookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^Your role \(Auditor\) may not work the counter/);
    const refusedPage = await app.inject({ method: 'GET', url: '/dev/mail', headers: { cookie: auditorCookie } });
    expect(refusedPage.statusCode).toBe(403);
    expect(refusedPage.body).not.toContain(code);
  });

  it('does not exist when a real SMTP server is configured (no catcher given)', async () => {
    const other = await createTestDatabase('pglite');
    const config = loadConfig({
      NODE_ENV: 'development',
      LOG_LEVEL: 'silent',
      SEED_DEMO_DATA: 'false',
      SMTP_URL: 'smtp://mail.example.com:587',
    });
    const plain = await buildApp({ db: other.db, config, webDistDir: null });
    try {
      await insertTestAdmin(other);
      const otherCookie = await signInCookie(plain);
      expect((await plain.inject({ method: 'GET', url: '/api/admin/dev/mail', headers: { cookie: otherCookie } })).statusCode).toBe(404);
      expect((await plain.inject({ method: 'GET', url: '/dev/mail', headers: { cookie: otherCookie } })).statusCode).toBe(404);
    } finally {
      await plain.close();
      await other.destroy();
    }
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/config';
import { insertTestAdmin, testAdmin } from '../test-app';
import { createTestDatabase, type TestDatabase } from '../test-databases';

const hsts = 'max-age=31536000; includeSubDomains';

/** HSTS and the session cookie over https and http (PGlite: none of it depends on the engine). */
describe.each([
  { trust: '1', proxy: '10.0.0.1' },
  { trust: 'false', proxy: '10.0.0.1' },
])('transport with TRUST_PROXY=$trust', ({ trust, proxy }) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const proxyTrusted = trust !== 'false';

  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Back Office</title><div id="root"></div>');
    database = await createTestDatabase('pglite');
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false', TRUST_PROXY: trust });
    app = await buildApp({ db: database.db, config, webDistDir: dist });
    await app.ready();
    await insertTestAdmin(database);
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  /** A request as the TLS proxy passes it on. */
  const viaHttps = (options: InjectOptions): InjectOptions => ({
    ...options,
    remoteAddress: proxy,
    headers: { ...(options.headers as Record<string, string>), 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' },
  });
  const signIn = (https: boolean) =>
    app.inject(
      (https ? viaHttps : (o: InjectOptions) => ({ ...o, remoteAddress: proxy }))({
        method: 'POST',
        url: '/api/admin/login',
        payload: testAdmin,
      }),
    );

  it(`${proxyTrusted ? 'sends' : 'does not send'} HSTS on every answer to a request the proxy says came over https`, async () => {
    const requests: InjectOptions[] = [
      { method: 'GET', url: '/api/health' },
      { method: 'GET', url: '/api/account/session' },
      { method: 'GET', url: '/api/no-such-route' },
      { method: 'POST', url: '/api/admin/login', payload: { email: 'x' } },
      { method: 'GET', url: '/dashboard' },
    ];
    for (const request of requests) {
      const secure = await app.inject(viaHttps(request));
      expect(secure.headers['strict-transport-security'], `${request.url} ${secure.statusCode}`).toBe(proxyTrusted ? hsts : undefined);
      const plain = await app.inject({ ...request, remoteAddress: proxy });
      expect(plain.headers['strict-transport-security'], `${request.url} over http`).toBeUndefined();
    }
  });

  it(`sets ${proxyTrusted ? 'a __Host- cookie (Secure, Path=/, no Domain)' : 'the plain cookie'} at sign-in through the https proxy`, async () => {
    const response = await signIn(true);
    expect(response.statusCode, response.body).toBe(200);
    const [cookie] = response.cookies;
    if (proxyTrusted) {
      expect(cookie).toMatchObject({ name: '__Host-bo_session', secure: true, path: '/', httpOnly: true, sameSite: 'Strict' });
      expect(cookie?.domain).toBeUndefined();
      const headers = { cookie: `__Host-bo_session=${cookie?.value}` };
      expect((await app.inject(viaHttps({ method: 'GET', url: '/api/account/session', headers }))).statusCode).toBe(200);
      // Over https only the prefixed cookie counts: one without the prefix could have been set by someone else.
      const unprefixed = { cookie: `bo_session=${cookie?.value}` };
      expect((await app.inject(viaHttps({ method: 'GET', url: '/api/account/session', headers: unprefixed }))).statusCode).toBe(401);
      const logout = await app.inject(viaHttps({ method: 'POST', url: '/api/account/logout', headers }));
      expect(logout.cookies[0]).toMatchObject({ name: '__Host-bo_session', value: '', secure: true, path: '/' });
    } else {
      expect(cookie).toMatchObject({ name: 'bo_session', path: '/', httpOnly: true });
      expect(cookie?.secure).toBeFalsy();
    }
  });

  it('sets the plain cookie over http', async () => {
    const response = await signIn(false);
    expect(response.cookies[0]).toMatchObject({ name: 'bo_session', path: '/' });
    expect(response.cookies[0]?.secure).toBeFalsy();
  });
});

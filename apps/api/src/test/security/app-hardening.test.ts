import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/config';
import { insertTestAdmin, signInCookie } from '../test-app';
import { createTestDatabase, type TestDatabase } from '../test-databases';

/** Headers, caching, error answers and logs of the whole app, on PGlite (none of it depends on the engine). */
describe('HTTP hardening', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const logLines: string[] = [];

  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Back Office</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1);');
    database = await createTestDatabase('pglite');
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', SEED_DEMO_DATA: 'false' });
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    app = await buildApp({ db: database.db, config, webDistDir: dist, logStream });
    await app.ready();
    await insertTestAdmin(database);
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it('answers every /api response with Cache-Control: no-store, errors included; console files keep their caching', async () => {
    const cookie = await signInCookie(app);
    const apiRequests = [
      { method: 'GET', url: '/api/health' },
      { method: 'GET', url: '/api/openapi.json' },
      { method: 'GET', url: '/api/account/session', headers: { cookie } },
      { method: 'GET', url: '/api/account/session' },
      { method: 'GET', url: '/api/no-such-route' },
      { method: 'GET', url: '/api/admin/no-such-route?x=1' },
      { method: 'POST', url: '/api/admin/login', payload: { email: 'not-an-email', password: 'x' } },
      { method: 'POST', url: '/api/admin/login', payload: {}, headers: { origin: 'https://evil.example' } },
    ] as const;
    for (const request of apiRequests) {
      const response = await app.inject(request);
      expect(response.headers['cache-control'], `${request.method} ${request.url} (${response.statusCode})`).toBe('no-store');
    }
    expect((await app.inject({ method: 'GET', url: '/dashboard' })).headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ method: 'GET', url: '/assets/index-abc123.js' })).headers['cache-control']).toContain('immutable');
  });

  it('sends frame headers that agree: X-Frame-Options DENY beside frame-ancestors none', async () => {
    for (const url of ['/api/health', '/dashboard']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(String(response.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
    }
  });

  it('answers errors from routes, hooks and the not-found handler in one shape', async () => {
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/api/no-such-route' }),
      app.inject({ method: 'GET', url: '/api/admin/no-such-route' }),
      app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie: 'bo_session=forged' } }),
      app.inject({ method: 'POST', url: '/api/account/logout', headers: { origin: 'https://evil.example' } }),
      app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'nobody@example.com', password: 'wrong password here' } }),
    ]);
    expect(answers.map((r) => [r.statusCode, r.headers['content-type'], r.json()])).toEqual([
      [404, 'application/json; charset=utf-8', { statusCode: 404, error: 'Not Found', message: 'Route GET /api/no-such-route not found' }],
      [401, 'application/json; charset=utf-8', { statusCode: 401, error: 'Unauthorized', message: 'Sign in required' }],
      [401, 'application/json; charset=utf-8', { statusCode: 401, error: 'Unauthorized', message: 'Sign in required' }],
      [403, 'application/json; charset=utf-8', { statusCode: 403, error: 'Forbidden', message: 'Cross-origin request refused' }],
      [401, 'application/json; charset=utf-8', { statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password' }],
    ]);
  });

  it('logs request URLs with the parameter names but never their values', async () => {
    const cookie = await signInCookie(app);
    logLines.length = 0;
    await app.inject({
      method: 'GET',
      url: '/api/admin/list/users?search=siti.rahayu%40example.com&nik=3174015505900001&page=2&flag',
      headers: { cookie },
    });
    await app.inject({ method: 'GET', url: '/api/no-such-route?token=abc123secret' });
    const logged = logLines.map((line) => JSON.parse(line) as { req?: { url: string } });
    const urls = logged.flatMap((entry) => (entry.req ? [entry.req.url] : []));
    expect(urls).toEqual(['/api/admin/list/users?search=~&nik=~&page=~&flag=~', '/api/no-such-route?token=~']);
    const everything = logLines.join('\n');
    for (const secret of ['siti', 'rahayu', '3174015505900001', 'abc123secret']) expect(everything).not.toContain(secret);
  });
});

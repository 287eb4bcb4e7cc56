import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/config';
import { auditLog, signInAttempts } from '../../db/schema';
import { createTestApp, describeEachEngine, insertTestAdmin, type TestApp } from '../test-app';
import { createTestDatabase } from '../test-databases';

describeEachEngine('bad input', (t) => {
  beforeAll(async () => {
    await insertTestAdmin(t().database);
  });

  const writes = async () => {
    const [attempts] = await t().database.db.select({ n: count() }).from(signInAttempts);
    const [audit] = await t().database.db.select({ n: count() }).from(auditLog);
    return { attempts: attempts?.n, audit: audit?.n };
  };

  const cases: Array<{ name: string; payload?: string; contentType?: string; status: number; message: RegExp }> = [
    { name: 'malformed JSON', payload: '{"email": "a@b.co", ', contentType: 'application/json', status: 400, message: /JSON/i },
    { name: 'empty JSON body', payload: '', contentType: 'application/json', status: 400, message: /empty/i },
    {
      name: 'missing password',
      payload: JSON.stringify({ email: 'a@b.co' }),
      contentType: 'application/json',
      status: 400,
      message: /body\.password/,
    },
    {
      name: 'wrong-typed email',
      payload: JSON.stringify({ email: 42, password: 'x' }),
      contentType: 'application/json',
      status: 400,
      message: /body\.email/,
    },
    {
      name: 'not an e-mail',
      payload: JSON.stringify({ email: 'not-an-email', password: 'x' }),
      contentType: 'application/json',
      status: 400,
      message: /body\.email: email must be an email address/,
    },
    { name: 'array body', payload: '[]', contentType: 'application/json', status: 400, message: /body/ },
    {
      name: 'wrong content type',
      payload: 'email=a@b.co',
      contentType: 'application/x-www-form-urlencoded',
      status: 415,
      message: /Unsupported Media Type/i,
    },
    {
      name: 'oversized body',
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(70 * 1024) }),
      contentType: 'application/json',
      status: 413,
      message: /too large/i,
    },
  ];

  it.each(cases)('answers $status with a message for $name, writing nothing', async ({ payload, contentType, status, message }) => {
    const before = await writes();
    const response = await t().app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload,
      headers: { 'content-type': contentType ?? 'application/json' },
    });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const body = response.json();
    expect(body.statusCode).toBe(status);
    expect(body.message).toMatch(message);
    expect(await writes()).toEqual(before);
  });

  it('answers unknown routes with a 404 JSON message', async () => {
    const response = await t().app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, message: 'Route GET /api/no-such-route not found' });
    const post = await t().app.inject({ method: 'DELETE', url: '/api/price' });
    expect(post.statusCode).toBe(404);
  });

  it('reports health with the database state (no chain here: no indexer)', async () => {
    const response = await t().app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up', indexer: null, alerts: [] });
  });
});

describe('the app on PGlite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { PRODUCT_SYMBOL: 'GIDR', CHAIN_ID: '137' });
  });
  afterAll(() => t.close());

  it('serves an OpenAPI document generated from the contract', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    const login = doc.paths['/api/admin/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/account/session', '/api/account/logout', '/api/app-config']),
    );
  });

  it('tells the console the product symbol', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/app-config' });
    expect(response.json()).toEqual({ productSymbol: 'GIDR', chainId: 137 });
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 503 from health when the database is gone', async () => {
    const database = await createTestDatabase('pglite');
    const app = await buildApp({ db: database.db, config: t.config, webDistDir: null });
    await database.close();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', database: 'down', indexer: null, alerts: [] });
    await app.close();
  });
});

describe('serving the console', () => {
  let t: TestApp;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Back Office</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
    t = await createTestApp('pglite');
    app = await buildApp({ db: t.database.db, config: t.config, webDistDir: dist });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('answers every page path with index.html, never cached', async () => {
    for (const url of ['/', '/dashboard', '/user-list/12', '/redeem?id=3', '/no/such/page']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets compressed and cacheable, and 404s a missing one', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await app.inject({ method: 'GET', url: '/assets/index-gone.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<div id="root">');
  });
});

describe('configuration', () => {
  it('names each wrong variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO_DATA: 'maybe' })).toThrow(
      /PORT[\s\S]*DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ connection string[\s\S]*SEED_DEMO_DATA/,
    );
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD must be set together/);
  });

  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      SEED_DEMO_DATA: true,
      SESSION_IDLE_MINUTES: 30,
      SESSION_ABSOLUTE_HOURS: 12,
    });
    // Unset: the {product} label is the token's own symbol (GIDR until the chain is read).
    expect(config.PRODUCT_SYMBOL).toBeUndefined();
    expect(config.DATABASE_URL).toBeUndefined();
  });
});

import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app';
import { loadConfig, type Config } from '../config/config';
import { insertAdmin } from '../modules/identity/admins/admins.repository';
import { hashPassword } from '../modules/identity/admins/passwords';
import { sessionCookieName } from '../modules/identity/sessions/session-cookie';
import { createTestDatabase, engines, postgresReachable, type EngineName, type TestDatabase } from './test-databases';

export interface TestApp {
  engine: EngineName;
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /**
   * Sends a request as the signed-in test admin: the admin is created and signed in through
   * the API on first use, and its cookie is reused afterwards.
   */
  injectAsAdmin(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** The test admin's Cookie header value (signs in on first use). */
  adminCookie(): Promise<string>;
  close(): Promise<void>;
}

export const testAdmin = { email: 'operator@example.com', password: 'Emas-Batangan 24 karat!', fullName: 'Dewi Lestari' };

/** The real app (no console files) on a fresh database of the given engine. */
export async function createTestApp(
  engine: EngineName,
  env: Record<string, string> = {},
  deps: Pick<BuildAppOptions, 'chain'> = {},
): Promise<TestApp> {
  const database = await createTestDatabase(engine);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false', ...env });
  const app = await buildApp({ db: database.db, config, webDistDir: null, chain: deps.chain });
  await app.ready();
  let cookie: Promise<string> | undefined;
  const adminCookie = () =>
    (cookie ??= (async () => {
      await insertTestAdmin(database);
      return signInCookie(app);
    })());
  return {
    engine,
    app,
    database,
    config,
    adminCookie,
    async injectAsAdmin(options) {
      const headers = { ...(options.headers ?? {}), cookie: await adminCookie() };
      return app.inject({ ...options, headers });
    },
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

const postgresUp = await postgresReachable();

/**
 * Runs a block of tests once per engine (PGlite and PostgreSQL), each on a fresh app and
 * database. Where no PostgreSQL server answers, its half is skipped with a printed notice.
 *
 *   describeEachEngine('user list', (t) => {
 *     it('pages', async () => { const res = await t().injectAsAdmin({ url: '/api/admin/list/users?limit=10' }); ... });
 *   });
 */
export function describeEachEngine(
  title: string,
  define: (t: () => TestApp) => void,
  options: { env?: Record<string, string>; engines?: EngineName[] } = {},
) {
  describe.each(options.engines ?? engines)(`${title} on %s`, (engine) => {
    describe.skipIf(engine === 'postgres' && !postgresUp)('', () => {
      let current: TestApp | undefined;
      beforeAll(async () => {
        current = await createTestApp(engine, options.env);
      });
      afterAll(async () => {
        await current?.close();
      });
      define(() => {
        if (!current) throw new Error('the test app is not ready (use t() inside a test or hook)');
        return current;
      });
    });
  });
}

export async function insertTestAdmin(database: TestDatabase, overrides: Partial<typeof testAdmin> = {}) {
  const admin = { ...testAdmin, ...overrides };
  return insertAdmin(database.db, {
    fullName: admin.fullName,
    email: admin.email,
    passwordHash: await hashPassword(admin.password),
  });
}

/** Signs in through the API and returns the Cookie header value for later requests. */
export async function signInCookie(app: FastifyInstance, credentials: { email: string; password: string } = testAdmin): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/admin/login', payload: credentials });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === sessionCookieName);
  if (!cookie) throw new Error('no session cookie');
  return `${sessionCookieName}=${cookie.value}`;
}

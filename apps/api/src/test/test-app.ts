import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AdminRole } from '@gold/contract';
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
   * Sends a request as the signed-in test admin (a Supervisor: read, counter, stock, confirm,
   * settlement, export): the admin is created and signed in through the API on first use, and
   * its cookie is reused afterwards.
   */
  injectAsAdmin(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** The test admin's Cookie header value (signs in on first use). */
  adminCookie(): Promise<string>;
  /**
   * Sends a request as a signed-in admin of that role (`role@example.com`, a Teller at JKT-01),
   * created and signed in once per app; a Supervisor is the test admin itself.
   */
  injectAs(role: AdminRole, options: InjectOptions): Promise<LightMyRequestResponse>;
  /** The Cookie header value of that role's admin (created and signed in on first use). */
  cookieAs(role: AdminRole): Promise<string>;
  close(): Promise<void>;
}

/** The default test admin: a Supervisor (what most tests do: read, the counter, stock, confirm, settlement, export). */
export const testAdmin: TestAdminAccount = {
  email: 'operator@example.com',
  password: 'Emas-Batangan 24 karat!',
  fullName: 'Dewi Lestari',
  role: 'Supervisor',
  locationId: null,
};

export interface TestAdminAccount {
  email: string;
  password: string;
  fullName: string;
  role: AdminRole;
  /** A Teller's location (JKT-01 is 1); null for the other roles. */
  locationId: number | null;
}

/** The admin injectAs(role) signs in as: `<role>@example.com` with the test admin's password; a Teller works at JKT-01. */
export const testAdminOfRole = (role: AdminRole): TestAdminAccount =>
  role === testAdmin.role
    ? testAdmin
    : {
        email: `${role.toLowerCase()}@example.com`,
        password: testAdmin.password,
        fullName: `Test ${role}`,
        role,
        locationId: role === 'Teller' ? 1 : null,
      };

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
  const roleCookies = new Map<AdminRole, Promise<string>>();
  const cookieAs = (role: AdminRole): Promise<string> => {
    if (role === testAdmin.role) return adminCookie();
    let roleCookie = roleCookies.get(role);
    if (!roleCookie) {
      const account = testAdminOfRole(role);
      roleCookie = (async () => {
        await insertTestAdmin(database, account);
        return signInCookie(app, account);
      })();
      roleCookies.set(role, roleCookie);
    }
    return roleCookie;
  };
  return {
    engine,
    app,
    database,
    config,
    adminCookie,
    cookieAs,
    async injectAsAdmin(options) {
      const headers = { ...(options.headers ?? {}), cookie: await adminCookie() };
      return app.inject({ ...options, headers });
    },
    async injectAs(role, options) {
      const headers = { ...(options.headers ?? {}), cookie: await cookieAs(role) };
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

/** Inserts an admin straight into the database (a Supervisor, the test admin, unless told otherwise). */
export async function insertTestAdmin(database: TestDatabase, overrides: Partial<TestAdminAccount> = {}) {
  const admin = { ...testAdmin, ...overrides };
  return insertAdmin(database.db, {
    fullName: admin.fullName,
    email: admin.email,
    passwordHash: await hashPassword(admin.password),
    role: admin.role,
    locationId: admin.role === 'Teller' ? (overrides.locationId ?? 1) : (overrides.locationId ?? null),
  });
}

/** Signs in through the API and returns the Cookie header value for later requests. */
export async function signInCookie(app: FastifyInstance, credentials: { email: string; password: string } = testAdmin): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email: credentials.email, password: credentials.password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === sessionCookieName);
  if (!cookie) throw new Error('no session cookie');
  return `${sessionCookieName}=${cookie.value}`;
}

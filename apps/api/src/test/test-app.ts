import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config/config';
import { insertAdmin } from '../modules/auth/auth.repository';
import { hashPassword } from '../modules/auth/passwords';
import { createTestDatabase, type EngineName, type TestDatabase } from './test-databases';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/** The real app (no console files) on a fresh database of the given engine. */
export async function createTestApp(engine: EngineName, env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase(engine);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false', ...env });
  const app = await buildApp({ db: database.db, config, webDistDir: null });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

export const testAdmin = { email: 'operator@example.com', password: 'Emas-Batangan 24 karat!', fullName: 'Dewi Lestari' };

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
  const cookie = response.cookies.find((c) => c.name === 'bo_session');
  if (!cookie) throw new Error('no session cookie');
  return `bo_session=${cookie.value}`;
}
